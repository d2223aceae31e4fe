import { Fragment, type ReactNode } from "react";

/**
 * A letter's plain text as React nodes, never as HTML: paragraphs split on blank lines, single
 * newlines kept as line breaks, **strong** and *emphasis* from asterisks. Anything else, tags
 * included, stays literal text. (No kept library does this small markup without raw HTML.)
 */
export function LetterParagraphs({ text }: { text: string }) {
  const paragraphs = text
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean);
  return (
    <>
      {paragraphs.map((paragraph, index) => (
        // Paragraphs have no identity beyond their place in the letter.
        // biome-ignore lint/suspicious/noArrayIndexKey: the letter's text is fixed while shown
        <p key={index}>
          {paragraph.split("\n").map((line, lineIndex) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: as above
            <Fragment key={lineIndex}>
              {lineIndex > 0 && <br />}
              {emphasis(line)}
            </Fragment>
          ))}
        </p>
      ))}
    </>
  );
}

/** **strong** and *emphasis* within one line; an unpaired asterisk stays an asterisk. */
export function emphasis(line: string): ReactNode[] {
  const parts: ReactNode[] = [];
  const pattern = /\*\*([^*]+)\*\*|\*([^*]+)\*/g;
  let last = 0;
  for (const match of line.matchAll(pattern)) {
    if (match.index > last) parts.push(line.slice(last, match.index));
    parts.push(
      match[1] !== undefined ? <strong key={match.index}>{match[1]}</strong> : <em key={match.index}>{match[2]}</em>,
    );
    last = match.index + match[0].length;
  }
  if (last < line.length) parts.push(line.slice(last));
  return parts;
}
