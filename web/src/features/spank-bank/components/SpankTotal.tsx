import { Paper, Text, UnstyledButton } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { spanks } from "@spankbank/shared/spanks";
import { useSpankTotal } from "../api/getSpankTotal";
import { HistoryModal } from "./HistoryModal";
import classes from "./spankBank.module.css";

/** The header total in the spec's three states; once known it opens your own statement. */
export function SpankTotal({ productsFailed }: { productsFailed: boolean }) {
  const total = useSpankTotal();
  const [historyOpened, history] = useDisclosure(false);
  // SPEC section 8: a failed total or product load leaves the total unknown.
  const failed = total.isError || productsFailed;
  return (
    <Paper className={classes.total} radius="lg" px="lg" py="md" mb="lg">
      <div className={classes.totalBody}>
        {failed ? (
          <Text fw={600}>Could not retrieve your spank total</Text>
        ) : total.data === undefined ? (
          <Text fw={600}>Loading your spank total...</Text>
        ) : (
          <UnstyledButton onClick={history.open} className={classes.totalButton} aria-haspopup="dialog">
            <Text component="span" fw={700} size="xl" className={classes.totalText}>
              {`You have ${spanks(total.data)}`}
            </Text>
            <Text component="span" size="sm" c="rose" td="underline">
              See your history
            </Text>
          </UnstyledButton>
        )}
      </div>
      <HistoryModal opened={historyOpened} onClose={history.close} />
    </Paper>
  );
}
