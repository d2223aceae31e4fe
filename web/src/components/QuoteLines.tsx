import { Fragment } from "react";

/** A quote's text with its verse breaks ("\n") shown as line breaks. */
export function QuoteLines({ text }: { text: string }) {
  const lines = text.split("\n");
  return lines.map((line, index) => (
    // The lines of one quote never reorder: the index is a stable key.
    // biome-ignore lint/suspicious/noArrayIndexKey: see above
    <Fragment key={index}>
      {line}
      {index < lines.length - 1 && <br />}
    </Fragment>
  ));
}
