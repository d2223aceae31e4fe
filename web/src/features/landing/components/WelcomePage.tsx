import { Container, Stack, Text, Title } from "@mantine/core";
import { HeartIcon } from "@/components/HeartIcon";
import { ButtonLink } from "@/components/links";
import { usePageTitle } from "@/lib/pageTitle";

/** What a signed-out visitor sees at /: a romantic welcome and the way in. */
export function WelcomePage() {
  usePageTitle("Spank Bank: made for the two of us");
  return (
    <Container size="sm" py={48}>
      <Stack align="center" ta="center" gap="lg">
        <Text c="rose" component="span" style={{ display: "inline-flex" }}>
          <HeartIcon size={56} />
        </Text>
        <Title order={1}>Made for the two of us</Title>
        <Text size="lg" maw={520}>
          A little place of our own, where every memory is kept, every question is answered together, and every favour
          is paid in kisses and Spanks.
        </Text>
        <Text maw={520}>However far apart the clocks say we are, this is where we meet.</Text>
        <ButtonLink to="/signin" size="md" radius="xl" px="xl">
          Sign In
        </ButtonLink>
      </Stack>
    </Container>
  );
}
