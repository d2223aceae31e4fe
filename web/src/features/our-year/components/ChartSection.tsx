import { Card, Stack, Text, Title, VisuallyHidden } from "@mantine/core";
import type { ReactNode } from "react";

export interface ChartTable {
  caption: string;
  /** The column headings: the first names the rows (a month, a week...). */
  columns: string[];
  rows: (string | number)[][];
}

/**
 * One picture of the year: a visible title and sentence, the chart for the eyes (hidden from
 * screen readers) and the same figures as a table only screen readers read.
 */
export function ChartSection({
  title,
  summary,
  table,
  children,
}: {
  title: string;
  summary: string;
  table: ChartTable;
  children: ReactNode;
}) {
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-label={title}>
      <Stack gap="sm">
        <Title order={2} size="h3">
          {title}
        </Title>
        <Text>{summary}</Text>
        <div aria-hidden="true">{children}</div>
        <VisuallyHidden>
          <table>
            <caption>{table.caption}</caption>
            <thead>
              <tr>
                {table.columns.map((column) => (
                  <th key={column} scope="col">
                    {column}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {table.rows.map(([label, ...values]) => (
                <tr key={String(label)}>
                  <th scope="row">{label}</th>
                  {values.map((value, i) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: a row's cells are its columns, in order
                    <td key={i}>{value}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </VisuallyHidden>
      </Stack>
    </Card>
  );
}
