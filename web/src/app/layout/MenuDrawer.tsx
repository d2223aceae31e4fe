import "@/app/styles/pageStyles";
import { Button, Code, Divider, Drawer, Stack, Text } from "@mantine/core";
import type { SessionReply } from "@spankbank/shared/contract/auth";
import { POST_LOGOUT_PATH, SEALED_LETTERS_NOTE } from "@spankbank/shared/limits";
import { drawerPages } from "@spankbank/shared/pages";
import { useLocation, useNavigate } from "@tanstack/react-router";
import { useState } from "react";
import { ConfirmModal } from "@/components/ConfirmModal";
import { NavLinkLink } from "@/components/links";
import { ColorSchemeControl } from "@/features/color-scheme/components/ColorSchemeControl";
import { useDownloadSizeWarning } from "@/features/export/downloadSize";
import { PasskeysModal } from "@/features/passkeys/components/PasskeysModal";
import { useSession } from "@/features/session/useSession";
import { unsavedWordsOf } from "@/lib/draft";
import { partnerOf } from "@/lib/partner";
import { returnFocus } from "@/lib/returnFocus";
import { toast } from "@/lib/toast";

interface MenuDrawerProps {
  signedIn: SessionReply;
  opened: boolean;
  onClose: () => void;
}

/** What the download leaves out, its command set as code: "Letters ... `npm run export` has everything." */
const sealedLettersNote = SEALED_LETTERS_NOTE.split("`").map((part, i) =>
  i % 2 === 1 ? <Code key={part}>{part}</Code> : i === 0 ? part.charAt(0).toUpperCase() + part.slice(1) : part,
);

/** The spec's right-side drawer: the dashboard-area pages in order, then Logout and 'Sign out everywhere'. */
export function MenuDrawer({ signedIn, opened, onClose }: MenuDrawerProps) {
  const { logout, logoutEverywhere } = useSession();
  const sizeWarning = useDownloadSizeWarning(opened);
  const navigate = useNavigate();
  const pathname = useLocation({ select: (location) => location.pathname });
  const [passkeysOpen, setPasskeysOpen] = useState(false);
  const names = { partnerName: partnerOf(signedIn).displayName, charityName: signedIn.couple.charityName };

  /** A sign-out held while the partner is asked about their words not saved yet (signing out deletes them). */
  const [holding, setHolding] = useState<{ end: () => Promise<void>; unsaved: string } | null>(null);

  const signOut = async (end: () => Promise<void>) => {
    onClose();
    const unsaved = unsavedWordsOf(signedIn.user.username);
    if (unsaved !== null) return setHolding({ end, unsaved });
    await signOutNow(end);
  };
  const signOutNow = async (end: () => Promise<void>) => {
    setHolding(null);
    try {
      await end();
      await navigate({ to: POST_LOGOUT_PATH });
    } catch (error) {
      toast.error(`Logout failed: ${(error as Error).message}`);
      backToMenuButton();
    }
  };

  return (
    <>
      <Drawer
        opened={opened}
        onClose={onClose}
        position="right"
        size="xs"
        title="Menu"
        closeButtonProps={{ "aria-label": "Close menu" }}
        styles={{ title: { fontFamily: "var(--mantine-font-family-headings)", fontWeight: 700, fontSize: 22 } }}
        c="rose"
      >
        <Stack gap="xs">
          <nav aria-label="Pages">
            {drawerPages.map((page) => (
              <NavLinkLink
                key={page.path}
                to={page.path}
                label={page.menuLabel(names)}
                active={pathname === page.path}
                aria-current={pathname === page.path ? "page" : undefined}
                onClick={onClose}
              />
            ))}
          </nav>
          <Divider />
          <ColorSchemeControl />
          <Divider />
          {/* A plain link, not a query: the browser saves the attachment itself (GET /api/export, session cookie). */}
          <Button
            component="a"
            href="/api/export"
            download
            variant="subtle"
            color="rose"
            aria-describedby={sizeWarning === null ? "download-leaves-out" : "download-size download-leaves-out"}
            onClick={onClose}
          >
            Download our data
          </Button>
          {sizeWarning !== null && (
            <Text id="download-size" size="xs" fw={600} px="sm">
              {sizeWarning}
            </Text>
          )}
          <Text id="download-leaves-out" size="xs" c="dimmed" px="sm">
            {sealedLettersNote}
          </Text>
          <Button
            variant="subtle"
            color="rose"
            onClick={() => {
              onClose();
              setPasskeysOpen(true);
            }}
          >
            Passkeys
          </Button>
          <Button variant="light" onClick={() => signOut(logout)}>
            Logout
          </Button>
          {/* Ends the partner's sessions on every device too: a lost phone, a shared computer. */}
          <Button variant="subtle" color="rose" onClick={() => signOut(logoutEverywhere)}>
            Sign out everywhere
          </Button>
        </Stack>
      </Drawer>
      <PasskeysModal opened={passkeysOpen} onClose={() => setPasskeysOpen(false)} />
      <ConfirmModal
        opened={holding !== null}
        title="Words not saved yet"
        closeLabel="Close without signing out"
        keepLabel="Stay and save them"
        confirmLabel="Sign out anyway"
        pending={false}
        onConfirm={() => holding && void signOutNow(holding.end)}
        onClose={() => {
          setHolding(null);
          backToMenuButton();
        }}
      >
        {holding?.unsaved}
      </ConfirmModal>
    </>
  );
}

/** The drawer that held the control is gone: focus goes back to the menu's button, whence it came. */
const backToMenuButton = () => returnFocus(() => document.querySelector<HTMLElement>('button[aria-label="Open menu"]'));
