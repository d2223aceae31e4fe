import { Stack, Text, Title } from "@mantine/core";
import { ButtonLink } from "@/components/links";
import { documentTitleOf } from "@/components/Page";
import { usePageTitle } from "@/lib/pageTitle";

export function NotFoundPage() {
  usePageTitle(documentTitleOf("Page not found"));
  return (
    <Stack align="center" ta="center" py="xl" px="md" gap="md">
      <Title order={1}>Page not found</Title>
      <Text>This page got lost on its way to you. Let us take you back home.</Text>
      <ButtonLink to="/">Go home</ButtonLink>
    </Stack>
  );
}
