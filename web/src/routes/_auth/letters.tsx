import { createFileRoute } from "@tanstack/react-router";
import { Page } from "@/components/Page";
import { laterLettersQueryOptions } from "@/features/later-letters/api/getLaterLetters";
import { LaterLettersPage } from "@/features/later-letters/components/LaterLettersPage";
import { whenSettled } from "@/lib/loaders";
import { partnerOf } from "@/lib/partner";
import { pageNumber } from "@/lib/searchParams";

/** `?page=`: back and reload keep the page of letters. */
const lettersSearch = (search: Record<string, unknown>): { page?: number } => ({ page: pageNumber(search.page) });

export const Route = createFileRoute("/_auth/letters")({
  validateSearch: lettersSearch,
  loaderDeps: ({ search: { page = 1 } }) => ({ page }),
  loader: ({ context: { queryClient }, deps: { page } }) =>
    whenSettled(queryClient.ensureQueryData(laterLettersQueryOptions(page))),
  component: LettersRoute,
});

function LettersRoute() {
  const { signedIn } = Route.useRouteContext();
  const me = signedIn.couple.partners.find((partner) => partner.username === signedIn.user.username)!;
  const { page = 1 } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <Page title="Letters for later">
      <LaterLettersPage
        me={me}
        partner={partnerOf(signedIn)}
        page={page}
        onPage={(next) => navigate({ search: { page: next } })}
      />
    </Page>
  );
}
