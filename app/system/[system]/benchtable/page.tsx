import { notFound } from "next/navigation";
import { PageHeader } from "@/components/portal/page-header";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { requireSystemPage } from "@/lib/auth/guard";

type Props = { params: Promise<{ system: string }> };

const COLUMNS = ["Id", "Project", "State", "Client", "Created", "Finished"] as const;
const ROWS = Array.from({ length: 25 }, (_, i) => [
  String(100_000 - i),
  "Invoices",
  i % 7 === 3 ? "Error" : "Ready",
  `Scan Station ${(i % 4) + 1}`,
  `2026-11-02 10:${String(59 - i).padStart(2, "0")}:00`,
  `2026-11-02 10:${String(59 - i).padStart(2, "0")}:05`,
]);

/**
 * The load bench's floor of the job monitor (docs/decisions.md "Bench-only floor routes"): the same portal shell
 * (this folder shares the system portal's layout and so its session check) and the same page permission, rendering
 * a static table of 25 rows. Exists only when the server runs with BENCH_ROUTES=1; otherwise not found.
 */
export default async function BenchTablePage({ params }: Props) {
  if (process.env.BENCH_ROUTES !== "1") notFound();
  await requireSystemPage((await params).system, "ManageJobs");
  return (
    <>
      <PageHeader title="Bench table" />
      <Table>
        <TableHeader>
          <TableRow>
            {COLUMNS.map((c) => (
              <TableHead key={c}>{c}</TableHead>
            ))}
          </TableRow>
        </TableHeader>
        <TableBody>
          {ROWS.map((row) => (
            <TableRow key={row[0]}>
              {row.map((cell, i) => (
                <TableCell key={COLUMNS[i]}>{cell}</TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </>
  );
}
