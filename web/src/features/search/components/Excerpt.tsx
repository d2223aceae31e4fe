import type { ExcerptPart } from "@spankbank/shared/contract/search";

/** An excerpt with what the search found marked: React elements, so stored text is never read as HTML. */
export function Excerpt({ parts }: { parts: readonly ExcerptPart[] }) {
  return (
    <>
      {parts.map((part, index) =>
        // The parts never move or change within one result: their position is their identity.
        // biome-ignore lint/suspicious/noArrayIndexKey: see above
        part.match ? <mark key={index}>{part.text}</mark> : <span key={index}>{part.text}</span>,
      )}
    </>
  );
}
