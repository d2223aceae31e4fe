// The charts' legend swatches (Mantine's ColorSwatch), then the charts: loaded with this page only.
import "@mantine/core/styles/ColorSwatch.css";
import "@mantine/charts/styles.css";
import { BarChart, DonutChart, LineChart } from "@mantine/charts";
import { Group, NativeSelect, SimpleGrid, Stack, Text } from "@mantine/core";
import type { OurYearReply } from "@spankbank/shared/contract/ourYear";
import { useOurYear } from "../api/getOurYear";
import { ChartSection } from "./ChartSection";
import {
  count,
  daysSummary,
  MONTHS,
  memoriesSummary,
  questionsSummary,
  spanksSummary,
  weekStart,
  workoutsSummary,
} from "./ourYearWords";

/** Each partner's colour in every chart, you first (shade 7: readable on the light card). */
const PARTNER_COLORS = ["rose.7", "indigo.7"];
const CHART_HEIGHT = 220;
// Recharts' keyboard layer makes the SVG focusable: the charts are hidden from assistive tech, the tables speak.
const quietChart = { accessibilityLayer: false };
// Counts are whole: no 0.5 of a memory on the axis.
const wholeCounts = { allowDecimals: false };

/** Our year, in pictures: a year's memories, answers, spanks, workouts and days together, as charts. */
export function OurYearPage({ year, onYear }: { year: number | undefined; onYear: (year: number) => void }) {
  const ourYear = useOurYear(year);
  if (ourYear.isPending) return <Text>Loading...</Text>;
  // A failed re-read keeps what was shown: only a first read that failed says so.
  if (ourYear.isLoadingError) return <Text role="alert">Could not load our year. Please try again later.</Text>;
  const data = ourYear.data;
  const series = data.partners.map((partner, i) => ({
    name: partner.username,
    label: partner.display_name,
    color: PARTNER_COLORS[i % PARTNER_COLORS.length]!,
  }));
  const names = data.partners.map((partner) => partner.display_name);
  const byPartner = (values: number[]) => Object.fromEntries(data.partners.map((p, i) => [p.username, values[i] ?? 0]));
  const months = data.months.map((m) => ({ month: MONTHS[m.month - 1]!, memories: m.memories, answers: m.answers }));

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="end" wrap="wrap">
        <Text size="lg" maw={560}>
          {leadOf(data)}
        </Text>
        <NativeSelect
          label="Year"
          value={String(data.year)}
          data={data.years.map(String)}
          onChange={(event) => onYear(Number(event.currentTarget.value))}
          w={120}
        />
      </Group>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <ChartSection
          title="Memories we kept"
          summary={memoriesSummary(data)}
          table={{
            caption: `Memories saved each month of ${data.year}`,
            columns: ["Month", ...names],
            rows: months.map((m) => [m.month, ...m.memories]),
          }}
        >
          <PartnerBars
            data={months.map((m) => ({ month: m.month, ...byPartner(m.memories) }))}
            dataKey="month"
            series={series}
          />
        </ChartSection>
        <ChartSection
          title="Questions we answered"
          summary={questionsSummary(data)}
          table={{
            caption: `Answers given each month of ${data.year}, and daily questions you both answered`,
            columns: ["Month", ...names, "Both answered"],
            rows: data.months.map((m) => [MONTHS[m.month - 1]!, ...m.answers, m.both_answered]),
          }}
        >
          <PartnerBars
            data={months.map((m) => ({ month: m.month, ...byPartner(m.answers) }))}
            dataKey="month"
            series={series}
          />
        </ChartSection>
        <ChartSection
          title="Spanks earned, spent and donated"
          summary={spanksSummary(data)}
          table={{
            caption: `Spanks in ${data.year}`,
            columns: ["", "Earned", "Spent", "Donated"],
            rows: data.partners.map((p) => [p.display_name, p.earned, p.spent, p.donated]),
          }}
        >
          <PartnerBars
            data={(["earned", "spent", "donated"] as const).map((kind) => ({
              kind: kind[0]!.toUpperCase() + kind.slice(1),
              ...byPartner(data.partners.map((p) => p[kind])),
            }))}
            dataKey="kind"
            series={series}
          />
        </ChartSection>
        <ChartSection
          title="Workouts, week by week"
          summary={workoutsSummary(data)}
          table={{
            caption: `Workouts logged each week of ${data.year}, by the week's first day`,
            columns: ["Week from", ...names],
            rows: data.weeks.map((w) => [weekStart(data.year, w.week), ...w.workouts]),
          }}
        >
          <LineChart
            h={CHART_HEIGHT}
            data={data.weeks.map((w) => ({ week: weekStart(data.year, w.week), ...byPartner(w.workouts) }))}
            dataKey="week"
            series={series}
            withLegend
            withDots={false}
            curveType="linear"
            tickLine="none"
            lineChartProps={quietChart}
            yAxisProps={wholeCounts}
          />
        </ChartSection>
        <ChartSection
          title="Together and apart"
          summary={daysSummary(data)}
          table={{
            caption: `Days of ${data.year} so far`,
            columns: ["", "Days"],
            rows: [
              ["Together", data.days.together],
              ["Apart", data.days.apart],
              ["Together, planned", data.days.planned],
            ],
          }}
        >
          <DonutChart
            h={CHART_HEIGHT}
            mx="auto"
            data={[
              { name: "Together", value: data.days.together, color: "rose.6" },
              { name: "Apart", value: data.days.apart, color: "gray.4" },
              { name: "Planned", value: data.days.planned, color: "rose.2" },
            ].filter((part) => part.value > 0)}
            size={170}
            thickness={24}
            chartLabel={count(data.days.together, "day", "days")}
            withLegend
            withLabelsLine={false}
            accessibilityLayer={false}
            pieProps={{ rootTabIndex: -1 }}
          />
        </ChartSection>
      </SimpleGrid>
    </Stack>
  );
}

type Series = { name: string; label: string; color: string }[];

/** Bars side by side, one per partner, in each partner's colour. */
function PartnerBars({
  data,
  dataKey,
  series,
}: {
  data: Record<string, string | number>[];
  dataKey: string;
  series: Series;
}) {
  return (
    <BarChart
      h={CHART_HEIGHT}
      data={data}
      dataKey={dataKey}
      series={series}
      withLegend
      tickLine="none"
      barChartProps={quietChart}
      yAxisProps={wholeCounts}
    />
  );
}

/** The year in one line: "2026 so far: 34 memories, 120 answers, 56 workouts, 45 days together." */
function leadOf(data: OurYearReply): string {
  const sum = (figure: (p: OurYearReply["partners"][number]) => number) =>
    data.partners.reduce((total, p) => total + figure(p), 0);
  const soFar = data.year === data.years[0] ? `${data.year} so far` : String(data.year);
  return `${soFar}: ${count(
    sum((p) => p.memories),
    "memory",
    "memories",
  )}, ${count(
    sum((p) => p.answers),
    "answer",
    "answers",
  )}, ${count(
    sum((p) => p.workouts),
    "workout",
    "workouts",
  )} and ${count(data.days.together, "day", "days")} together.`;
}
