// A shimmering placeholder while a position loads, announced as a status.

export function Skeleton(props: { label: string }) {
  return (
    <div class="skeleton" role="status" aria-label={props.label}>
      <span />
      <span />
      <span />
    </div>
  );
}
