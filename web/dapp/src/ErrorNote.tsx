// A problem the user should read, announced to screen readers.

export function ErrorNote(props: { text: string }) {
  return (
    <p class="note note-error" role="alert">
      {props.text}
    </p>
  );
}
