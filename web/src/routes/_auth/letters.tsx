import { createFileRoute } from "@tanstack/react-router";
import { Page } from "@/components/Page";
import { type LetterPages, laterLettersQueryOptions } from "@/features/later-letters/api/getLaterLetters";
import { LaterLettersPage } from "@/features/later-letters/components/LaterLettersPage";
import { whenSettled } from "@/lib/loaders";
import { partnerOf } from "@/lib/partner";
import { pageNumber } from "@/lib/searchParams";

/**
 * `?for_you=&you_wrote=`: back and reload keep the page of each list. An earlier version's
 * `?page=` (a link kept from it) opens that page of both.
 */
const lettersSearch = (search: Record<string, unknown>): { for_you?: number; you_wrote?: number } => {
  const both = pageNumber(search.page);
  return { for_you: pageNumber(search.for_you) ?? both, you_wrote: pageNumber(search.you_wrote) ?? both };
};

export const Route = createFileRoute("/_auth/letters")({
  validateSearch: lettersSearch,
  loaderDeps: ({ search: { for_you = 1, you_wrote = 1 } }): LetterPages => ({ toYou: for_you, fromYou: you_wrote }),
  loader: ({ context: { queryClient }, deps }) =>
    whenSettled(queryClient.ensureQueryData(laterLettersQueryOptions(deps))),
  component: LettersRoute,
});

function LettersRoute() {
  const { signedIn } = Route.useRouteContext();
  const me = signedIn.couple.partners.find((partner) => partner.username === signedIn.user.username)!;
  // The pages the loader read, from the address (its defaults in one place).
  const pages = Route.useLoaderDeps();
  const navigate = Route.useNavigate();
  return (
    <Page title="Letters for later">
      <LaterLettersPage
        me={me}
        partner={partnerOf(signedIn)}
        pages={pages}
        onPages={({ toYou, fromYou }) =>
          navigate({ search: { for_you: toYou, you_wrote: fromYou }, resetScroll: false })
        }
      />
    </Page>
  );
}
