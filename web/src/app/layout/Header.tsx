import { Burger, Container, Group, Text } from "@mantine/core";
import { useDisclosure, useElementSize } from "@mantine/hooks";
import { Link } from "@tanstack/react-router";
import { lazy, Suspense, useEffect } from "react";
import { HeartIcon } from "@/components/HeartIcon";
import { ButtonLink } from "@/components/links";
import { useSession } from "@/features/session/useSession";
import classes from "./layout.module.css";

// Signed in only: the drawer and its Mantine parts stay out of the signed-out first load.
const MenuDrawer = lazy(() => import("./MenuDrawer").then((module) => ({ default: module.MenuDrawer })));
// Signed in only too: Mantine's inputs stay out of the landing's first load; the box's room is kept meanwhile.
const SearchBox = lazy(() =>
  import("@/features/search/components/SearchBox").then((module) => ({ default: module.SearchBox })),
);

export function Header() {
  const { current } = useSession();
  const [menuOpened, menu] = useDisclosure(false);
  const { ref, height } = useElementSize();
  // Toasts open below the header (toast.css), so the menu stays in reach while one shows.
  useEffect(() => {
    if (height > 0) document.documentElement.style.setProperty("--app-header-height", `${height}px`);
  }, [height]);
  return (
    <header ref={ref} className={classes.header}>
      <Container size="lg" py="sm">
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Link to={current ? "/dashboard" : "/"} className={classes.brand}>
            <HeartIcon />
            Spank Bank
          </Link>
          {current && (
            <Suspense fallback={<div className={`${classes.search} ${classes.searchRoom}`} />}>
              <SearchBox className={classes.search} />
            </Suspense>
          )}
          {current ? (
            <Group gap="xs" wrap="nowrap" miw={0}>
              <Text
                truncate="end"
                fw={500}
                miw={0}
                className={classes.welcome}
              >{`Welcome, ${current.user.displayName}!`}</Text>
              <Burger opened={menuOpened} onClick={menu.open} aria-label="Open menu" size="sm" />
            </Group>
          ) : (
            <ButtonLink to="/signin" variant="outline" size="sm">
              Sign In
            </ButtonLink>
          )}
        </Group>
      </Container>
      {current && (
        <Suspense fallback={null}>
          <MenuDrawer signedIn={current} opened={menuOpened} onClose={menu.close} />
        </Suspense>
      )}
    </header>
  );
}
