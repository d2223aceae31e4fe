import { Group, Stack, Text, Title } from "@mantine/core";
import { foundCount, type SearchGroup, type SearchKind, type SearchResult } from "@spankbank/shared/contract/search";
import { SEARCH_MAX } from "@spankbank/shared/limits";
import { searchKindNames } from "@spankbank/shared/pages";
import { AnchorLink } from "@/components/links";
import { Pager } from "@/components/Pager";
import { cutTo } from "@/lib/textLimit";
import { useDisplayName } from "@/lib/useDisplayName";
import { formatDate } from "@/lib/view";
import { useSearch } from "../api/getSearch";
import { Excerpt } from "./Excerpt";

const KIND_NAMES: Record<SearchKind, string> = searchKindNames;

/** Where a result lives, as a link: a memory on its board page, an answer under its question. */
function PlaceLink({ result }: { result: SearchResult }) {
  const label = `Open ${result.title ?? KIND_NAMES[result.kind].toLowerCase()} of ${formatDate(result.created_at)}`;
  const common = { "aria-label": label, children: <Excerpt parts={result.excerpt} /> };
  switch (result.kind) {
    case "memory":
      return <AnchorLink to="/memories" search={{ page: result.board_page }} {...common} />;
    case "answer":
      // A question added in Discord may be longer than a search: its start finds it as well.
      return (
        <AnchorLink
          to="/allquestions"
          search={{ search: result.title === undefined ? undefined : cutTo(result.title, SEARCH_MAX) }}
          {...common}
        />
      );
    case "later_letter":
      return <AnchorLink to="/letters" {...common} />;
    case "letter":
      return <AnchorLink to="/christmas-letter" {...common} />;
    case "favour":
      return <AnchorLink to="/spank-bank" {...common} />;
  }
}

function ResultGroup({
  q,
  group,
  alone,
  onPage,
}: {
  q: string;
  group: SearchGroup;
  alone: boolean;
  onPage: (page: number) => void;
}) {
  const headingId = `search-${group.kind}`;
  const displayName = useDisplayName();
  return (
    <section aria-labelledby={headingId}>
      <Title order={2} size="h3" id={headingId} mb="xs">
        {`${KIND_NAMES[group.kind]} (${foundCount(group)})`}
      </Title>
      <Stack gap="sm" component="ul" style={{ listStyle: "none", padding: 0, margin: 0 }}>
        {group.results.map((result) => (
          <li key={result.id}>
            {result.title !== undefined && (
              <Text size="sm" fw={600}>
                {result.title}
              </Text>
            )}
            <PlaceLink result={result} />
            <Text size="xs" c="dimmed">{`by ${displayName(result.username)} · ${formatDate(result.created_at)}`}</Text>
          </li>
        ))}
      </Stack>
      {alone ? (
        <Pager total={group.pageCount} value={group.page} onChange={onPage} mt="md" />
      ) : (
        group.pageCount > 1 && (
          <AnchorLink to="/search" search={{ q, kind: group.kind }} size="sm" mt="xs" display="block">
            {`More ${KIND_NAMES[group.kind].toLowerCase()}`}
          </AnchorLink>
        )
      )}
    </section>
  );
}

/** The results of a search, grouped by kind, newest first in each. */
export function SearchResults({
  q,
  kind,
  page,
  onPage,
}: {
  q: string;
  kind: SearchKind | undefined;
  page: number;
  onPage: (page: number) => void;
}) {
  const { data, isPending, isLoadingError } = useSearch(q, kind, page);
  if (q.trim() === "") return <Text>Type a word or two in the search box above.</Text>;
  // A failed re-read keeps what was shown: only a first read that failed says so.
  if (isLoadingError) return <Text role="alert">Failed to search. Please try again.</Text>;
  if (isPending) return <Text>Searching…</Text>;
  const found = data.groups.filter((group) => group.total > 0);
  return (
    <Stack gap="xl">
      <Group gap="sm">
        <Text aria-live="polite">
          {found.length === 0 ? `Nothing found for “${q}”.` : `Found for “${q}”, newest saved first:`}
        </Text>
        {kind !== undefined && (
          <AnchorLink to="/search" search={{ q }} size="sm">
            Every kind
          </AnchorLink>
        )}
      </Group>
      {found.map((group) => (
        <ResultGroup key={group.kind} q={q} group={group} alone={kind !== undefined} onPage={onPage} />
      ))}
    </Stack>
  );
}
