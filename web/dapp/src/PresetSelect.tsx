// Which market (`PAIR-QUOTE` preset) of the chain to read positions against.

import { For } from 'solid-js';
import type { Preset } from './lib/runtime-config.ts';

export function PresetSelect(props: { presets: readonly Preset[]; value: string; onChange: (key: string) => void }) {
  return (
    <label class="field grow">
      <span class="field-label">Market</span>
      <select value={props.value} onChange={(event) => props.onChange(event.currentTarget.value)}>
        <For each={props.presets}>{(preset) => <option value={preset.key}>{preset.label}</option>}</For>
      </select>
    </label>
  );
}
