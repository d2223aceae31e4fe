import { Blockquote, Button, Group, Image, Modal, Paper, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { Page } from "@/components/Page";
import { formatNumber } from "@/lib/view";
import { useCharityTotal } from "../api/getCharityTotal";
import giftHearts from "../images/gift-hearts.svg";
import handsHeart from "../images/hands-heart.svg";
import classes from "./charity.module.css";

/** The couple's charity: its mission (spanks are symbolic), a testimonial, the total donated, and Donate Now. */
export function CharityPage({ charityName }: { charityName: string }) {
  const [noticeOpened, notice] = useDisclosure(false);
  return (
    <Page title={charityName}>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xl" mb="xl">
        <Stack gap="md" justify="center">
          <Text size="lg">
            {`${charityName} is where the two of you turn the little games of love into a promise to do some good
            together.`}
          </Text>
          <Text>
            Spanks are symbolic: they are not money, and donating them sends nothing anywhere. Each spank you give here
            is a pledge between the two of you, to give to a cause you choose together, to volunteer an afternoon, or
            simply to be kind to someone who needs it.
          </Text>
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

      {/* The testimonial is a public-domain verse on charity, not words put in an invented couple's mouth. */}
      <Blockquote color="rose" cite="— 1 Corinthians 13:4, King James Version" radius="lg" className={classes.quote}>
        Charity suffereth long, and is kind; charity envieth not; charity vaunteth not itself, is not puffed up.
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
      {formatNumber(donated)}
    </Text>
  );
}
