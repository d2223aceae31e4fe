import { Blockquote, Button, Group, Image, Modal, Paper, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { Page } from "@/components/Page";
import { useCharityTotal } from "../api/getCharityTotal";
import giftHearts from "../images/gift-hearts.svg";
import handsHeart from "../images/hands-heart.svg";
import classes from "./charity.module.css";

/** The couple's charity: its mission, a testimonial, the total donated, and Donate Now. */
export function CharityPage({ charityName }: { charityName: string }) {
  const [noticeOpened, notice] = useDisclosure(false);
  return (
    <Page title={charityName}>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xl" mb="xl">
        <Stack gap="md" justify="center">
          <Text size="lg">
            {`${charityName} turns the little games of love into something bigger. Every spank you give away here goes to
            causes that keep couples close: helplines for hearts in trouble, counselling for partners who are far
            apart, and warm nights for those with no one to hold.`}
          </Text>
          <Text>Play nicely, love loudly, and let the spanks do some good.</Text>
        </Stack>
        <Image src={handsHeart} alt="Two open hands lifting up a red heart" radius="lg" className={classes.picture} />
      </SimpleGrid>

      <Paper radius="lg" p="xl" mb="xl" className={classes.total}>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg" verticalSpacing="lg">
          <Stack gap="xs" justify="center">
            <Title order={2} size="h3">
              Total spanks donated
            </Title>
            <CharityTotal charityName={charityName} />
            <Group mt="sm">
              <Button size="md" radius="xl" onClick={notice.open}>
                Donate Now
              </Button>
            </Group>
          </Stack>
          <Image
            src={giftHearts}
            alt="A wrapped gift with a pink bow, surrounded by small hearts"
            radius="lg"
            className={classes.picture}
          />
        </SimpleGrid>
      </Paper>

      <Blockquote color="rose" cite="— Jo and Priya, together eleven years" radius="lg" className={classes.quote}>
        We started giving our spanks away as a joke. Now it is the first thing we do on a Sunday morning, coffee in
        hand, arguing about who was the more generous one this week.
      </Blockquote>

      <Modal
        opened={noticeOpened}
        onClose={notice.close}
        title="Notice"
        closeButtonProps={{ "aria-label": "Close the notice" }}
        centered
      >
        <Text mb="lg">We are still working on this.</Text>
        <Group justify="flex-end">
          <Button onClick={notice.close}>Close</Button>
        </Group>
      </Modal>
    </Page>
  );
}

function CharityTotal({ charityName }: { charityName: string }) {
  const total = useCharityTotal(charityName);
  if (total.isPending) return <Text>Loading total spanks donated...</Text>;
  // SPEC section 8: a failed load shows 0.
  const donated = total.isError ? 0 : total.data;
  return (
    <Text className={classes.amount} fw={700}>
      {donated.toLocaleString()}
    </Text>
  );
}
