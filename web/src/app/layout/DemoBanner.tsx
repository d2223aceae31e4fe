import { Container, Text } from "@mantine/core";
import { DEMO_LOGINS } from "@spankbank/shared/demoCouple";
import { Fragment } from "react";
import { useSession } from "@/features/session/useSession";

/** Only signed in: a signed-out visitor learns nothing the server does not say publicly. */
export function DemoBanner() {
  const { current } = useSession();
  if (!current?.couple.demo) return null;
  return (
    <Container size="lg" pt="sm">
      <Text size="sm" ta="center" bg="var(--app-tint)" c="rose" py={6} px="sm" style={{ borderRadius: 8 }}>
        {"Demo couple: try both sides by signing in as "}
        {DEMO_LOGINS.map(({ username, password }, index) => (
          <Fragment key={username}>
            {index > 0 && " or "}
            <span style={{ whiteSpace: "nowrap" }}>{`${username} / ${password}`}</span>
          </Fragment>
        ))}
        .
      </Text>
    </Container>
  );
}
