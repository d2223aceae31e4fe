import { Center, type MantineSpacing, Pagination } from "@mantine/core";
import classes from "./pager.module.css";

/** Up to this many pages the pager has at most seven controls: wider ones on a touch phone still fit a modal's 292 px. */
const FEW_PAGES = 5;

/**
 * A paged list's pager, the memory board's first (SPEC: arrows disabled at the ends, about 3 numbers around the current page,
 * first and last with ellipses). On a phone it is sized to stay on one line at 360 px: smaller
 * controls and tighter gaps, never wrapping Next onto a line of its own, and smaller numbers once
 * they have three digits or more (ten years of memories are 4,000 pages). The sizes come from a media query
 * in pager.module.css.
 */
export function Pager({
  total,
  value,
  onChange,
  mt,
  label,
}: {
  total: number;
  value: number;
  onChange: (page: number) => void;
  /** Space above it, where the list above has none of its own: nothing at all when there is one page. */
  mt?: MantineSpacing;
  /** Which list it pages, where a page has more than one pager: each is a navigation landmark so named. */
  label?: string;
}) {
  if (total <= 1) return null;
  const pager = (
    <Pagination
      total={total}
      value={value}
      onChange={onChange}
      siblings={1}
      boundaries={1}
      vars={() => ({
        root: { "--pagination-control-size": "var(--pager-size)", "--pagination-control-fz": "var(--pager-fz)" },
      })}
      gap="var(--pager-gap)"
      className={classes.pager}
      data-long-numbers={total >= 100 || undefined}
      data-few-pages={total <= FEW_PAGES || undefined}
      mx="auto"
      mt={mt}
      getControlProps={(control) => ({ "aria-label": control === "previous" ? "Previous page" : "Next page" })}
      getItemProps={(item) => ({ "aria-label": `Page ${item}` })}
    />
  );
  return label === undefined ? (
    pager
  ) : (
    <Center component="nav" aria-label={label}>
      {pager}
    </Center>
  );
}
