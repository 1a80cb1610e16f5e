import { Type } from 'typebox';
import { TIEOUT_FILE, TIEOUT_HEADER, TIEOUT_KINDS, TIEOUT_XLSX, tieoutSheet } from '../templates/tieoutSheet.js';
import type { Output } from './Output.js';
import { tieoutConsumer } from './tieoutConsumer.js';

const TieoutResult = Type.Object({
  file: Type.String(),
  /** Its spreadsheet twin, with the job's `xlsx`. */
  xlsx: Type.Union([Type.String(), Type.Null()]),
  /** The templates tied out, in the sheet's order. */
  templates: Type.Array(Type.String()),
  /** The outputs that added a section after the templates'. */
  sections: Type.Array(Type.String()),
  rows: Type.Number(),
});

/**
 * `tieout.csv` (and its twin with `xlsx`): each template's tie-out against the ledger as rendering tallied it, then the
 * section of every output finished before it that gives one (`OutputFiles.tieout`). Listed last in the registry, so every
 * other output can add its section. Rendering checked the templates' ties before any file was published; the tallies
 * are the templates', so its consumer (`tieoutConsumer`) gathers nothing.
 */
export const tieoutOutput: Output<'tieout', null, typeof TieoutResult> = {
  ...tieoutConsumer,
  needs: {},
  result: TieoutResult,
  merge: () => null,
  async finish(_state, { job, templates = [], tieout = [], files }) {
    const xlsx = job.xlsx === true;
    const csv = files.csv(TIEOUT_FILE, TIEOUT_HEADER, xlsx ? { xlsx: TIEOUT_KINDS } : {});
    let rows = 0;
    for (const record of [...tieoutSheet(templates), ...tieout.flatMap((section) => section.records)]) {
      await csv.write([...record]);
      rows += 1;
    }
    return {
      file: TIEOUT_FILE,
      xlsx: xlsx ? TIEOUT_XLSX : null,
      templates: templates.map((tie) => tie.template.name),
      sections: tieout.map((section) => section.output),
      rows,
    };
  },
};
