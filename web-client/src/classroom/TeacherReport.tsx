// The class's report on the teacher's own view: the class summary, what the
// dot levels did, one row per student (every student on the roster, zeros
// included) with their next step, and the fraction relations each used,
// missed and had refused.  `PrintReport` is the same report laid out for
// paper (teacher.css, @media print): one page for the class, then one block
// per student; it is hidden on screen.
import type { Report, ReportRow } from "./api";
import { RELATIONS } from "./api";
import { C } from "./strings";
import { T } from "./strings.teacher";
import { dotsText, said } from "./TeacherTables";

function relationsOf(report: Report): string[] {
  return report.relations && report.relations.length ? report.relations : [...RELATIONS];
}

function Summary({ report }: { report: Report }) {
  const summary = report.summary;
  const changes = report.changes ?? [];
  if (!summary && !changes.length) return null;
  return (
    <div class="class-summary">
      {summary && (
        <>
          <h3>{T.summary}</h3>
          <ul class="class-summary-lines">{summary.lines.map((line) => <li>{said(line)}</li>)}</ul>
          {summary.need_teacher.length > 0 && (
            <p class="class-need-teacher"><strong>{T.mayNeedTeacher}:</strong> {summary.need_teacher.map((s) => s.name).join(", ")}</p>
          )}
        </>
      )}
      {changes.length > 0 && (
        <>
          <h3>{T.levelChanges}</h3>
          <ul class="class-changes">
            {changes.map((c) => (
              <li>{said(c.text) || `${C.table(c.table)}: ${T.fromTo(dotsText(c.from), dotsText(c.to))}`}</li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}

function Figures({ rows, withNextStep }: { rows: ReportRow[]; withNextStep: boolean }) {
  return (
    <table class={withNextStep ? "class-report" : "print-report-table"}>
      <thead>
        <tr>
          <th scope="col">{C.columns[0]}</th>
          <th scope="col">{T.figGames}</th>
          <th scope="col">{T.figTricks}</th>
          <th scope="col">{T.figPizza}</th>
          <th scope="col">{T.figMisses}</th>
          <th scope="col">{T.figRefused}</th>
          <th scope="col">{T.figHints}</th>
          <th scope="col">{T.figMedianTurn}</th>
          {withNextStep && <th scope="col" class="class-next-col">{T.nextStep}</th>}
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr data-student={r.name}>
            <th scope="row">
              {r.name}
              {r.removed && <span class="class-removed"> ({T.removedFromClass})</span>}
            </th>
            <td>{r.games}</td>
            <td>{r.tricks}</td>
            <td>{r.pizzas_delivered}</td>
            <td>{r.misses}</td>
            <td title={Object.entries(r.rules_broken).map(([code, n]) => `${code}: ${n}`).join(", ")}>{r.rejected}</td>
            <td>{r.hints}</td>
            <td>{r.turn_seconds_median != null ? T.seconds(r.turn_seconds_median) : ""}</td>
            {withNextStep && <td class="class-next">{nextStep(r)}</td>}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function nextStep(row: ReportRow): string {
  return said(row.next_step?.text) || (row.games ? T.noNextStep : T.noGames);
}

function Relations({ report, rows }: { report: Report; rows: ReportRow[] }) {
  const rels = relationsOf(report);
  if (!rows.some((r) => r.relations)) return null;
  return (
    <table class="class-relations">
      <caption>{T.relations} ({T.relationCells})</caption>
      <thead>
        <tr>
          <th scope="col">{C.columns[0]}</th>
          {rels.map((rel) => <th scope="col">{T.relation[rel] ?? rel}</th>)}
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr data-student={r.name}>
            <th scope="row">{r.name}</th>
            {rels.map((rel) => {
              const n = r.relations?.[rel] ?? { used: 0, missed: 0, refused: 0 };
              return <td aria-label={T.relationCell(n.used, n.missed, n.refused)}>{n.used} / {n.missed} / {n.refused}</td>;
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function ReportView({ report }: { report: Report | null }) {
  if (!report) return null;
  return (
    <>
      <Summary report={report} />
      <Figures rows={report.students} withNextStep />
      <Relations report={report} rows={report.students} />
    </>
  );
}

/** The report for paper: the class on its own page, then one block per student. */
export function PrintReport({ code, report }: { code: string; report: Report | null }) {
  if (!report) return null;
  const rels = relationsOf(report);
  const when = new Date(report.generated_at ?? Date.now()).toLocaleString();
  return (
    <section class="class-print" aria-hidden="true">
      <div class="print-class">
        <h1>{T.reportTitle(code)}</h1>
        <p>{T.printedOn(when)}</p>
        <Summary report={report} />
        {report.levels && report.levels.length > 0 && (
          <>
            <h3>{T.suggested}</h3>
            <ul>
              {[...report.levels].sort((x, y) => x.table - y.table).map((l) => (
                <li>{said(l.text) || `${C.table(l.table)}: ${dotsText(l.suggested)} (${T.dotsNow(dotsText(l.dots))})`}</li>
              ))}
            </ul>
          </>
        )}
        <Figures rows={report.students} withNextStep={false} />
      </div>
      {report.students.map((r) => (
        <article class="print-student" data-student={r.name}>
          <h2>{r.name}</h2>
          <p class="print-figures">
            {T.figGames}: {r.games} · {T.figTricks}: {r.tricks} · {T.figPizza}: {r.pizzas_delivered} · {T.figMisses}: {r.misses} ·{" "}
            {T.figRefused}: {r.rejected} · {T.figHints}: {r.hints}
          </p>
          <p class="print-next"><strong>{T.nextStep}:</strong> {nextStep(r)}</p>
          {r.relations && (
            <table class="print-relations">
              <thead>
                <tr>
                  <th scope="col">{T.relations}</th>
                  <th scope="col">{T.relUsed}</th>
                  <th scope="col">{T.relMissed}</th>
                  <th scope="col">{T.relRefused}</th>
                </tr>
              </thead>
              <tbody>
                {rels.map((rel) => {
                  const n = r.relations?.[rel] ?? { used: 0, missed: 0, refused: 0 };
                  return (
                    <tr>
                      <th scope="row">{T.relation[rel] ?? rel}</th>
                      <td>{n.used}</td>
                      <td>{n.missed}</td>
                      <td>{n.refused}</td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          )}
        </article>
      ))}
    </section>
  );
}
