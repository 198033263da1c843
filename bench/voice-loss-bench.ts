// bench:voice-loss: frame loss after FEC through the adaptive tiers, at 10-40 % random loss and in Gilbert-Elliott
// bursts, with the loss-driven repair count and, for comparison, with the seed's fixed ratios alone.
// Each scenario is a closed-loop call (bench/voice/closed-loop-call.ts) of SECONDS of speech with real codecs.
// Prints one JSON object per line, then a summary line.

import { VoiceCodecs } from '@keel/native';
import { seededRandom } from '../scripts/test-support/seeded-random.ts';
import { runClosedLoopCall } from './voice/closed-loop-call.ts';
import { bernoulliLoss, gilbertElliottLoss, type LossModel } from './voice/loss-models.ts';

const SECONDS = Number(process.env.VOICE_LOSS_SECONDS ?? 300);
const BURST = 3;
/** The targets, for random loss; bursts are measured without one. */
const TARGETS: Record<number, number> = { 10: 0.5, 20: 1, 40: 3 };

const round = (value: number, places = 2) => Number(value.toFixed(places));

const scenarios: { name: string; targetPct: number | null; model: (random: () => number) => LossModel }[] = [
  ...[10, 20, 30, 40].map((lossPct) => ({
    name: `random ${lossPct} %`,
    targetPct: TARGETS[lossPct] ?? null,
    model: (random: () => number) => bernoulliLoss(lossPct / 100, random),
  })),
  ...[10, 20, 40].map((lossPct) => ({
    name: `bursts ${lossPct} % (Gilbert-Elliott, mean burst ${BURST})`,
    targetPct: null,
    model: (random: () => number) => gilbertElliottLoss(lossPct / 100, BURST, random),
  })),
];

const codecs = new VoiceCodecs();
const rows = [];
for (const [index, scenario] of scenarios.entries()) {
  for (const fec of ['adaptive', 'seed-ratios'] as const) {
    const result = runClosedLoopCall({
      codecs,
      loss: scenario.model(seededRandom(1000 + index)),
      seconds: SECONDS,
      ...(fec === 'seed-ratios' ? { residualTarget: 1 } : {}),
    });
    const row = {
      scenario: scenario.name,
      fec,
      seconds: SECONDS,
      frames: result.frames,
      packet_loss_pct: round(result.packetLossPct),
      residual_frame_loss_pct: round(result.residualLossPct, 3),
      target_pct: scenario.targetPct,
      recovered_raptorq: result.recoveredByRaptorq,
      recovered_opus_fec: result.recoveredByOpusFec,
      tier_time_pct: Object.fromEntries(Object.entries(result.tierTimePct).map(([tier, pct]) => [tier, round(pct, 1)])),
      wire_kbps: round(result.wireKbps, 1),
    };
    rows.push(row);
    console.log(JSON.stringify(row));
  }
}
codecs.destroy();
console.log(
  JSON.stringify({
    summary: rows.map(
      (r) => `${r.scenario} [${r.fec}]: ${r.residual_frame_loss_pct} % (target ${r.target_pct ?? '-'})`,
    ),
  }),
);
