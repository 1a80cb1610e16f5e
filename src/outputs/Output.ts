import type { Static, TSchema } from 'typebox';
import type { Job } from '../config/Job.js';
import type { BasisIssue, BasisOutcome, IncomeRow, RemovalRow } from '../costbasis/BasisReport.js';
import type { GainListener } from '../costbasis/GainStream.js';
import type { OpeningLot } from '../costbasis/Lot.js';
import type { LedgerEntry } from '../ledger/LedgerEntry.js';
import type { MissingPrice } from '../prices/missingPrices.js';
import type { RowPrices } from '../prices/valueLeg.js';
import type { CellKind } from '../templates/spreadsheetKinds.js';
import type { Template } from '../templates/Template.js';
import type { TemplateTie } from '../templates/tieoutSheet.js';
import type { BasisTotals } from './basisTotals.js';

/**
 * What an output needs of the run beyond the ledger: an output runs only when the run offers every one it names
 * (`values`: a valued export; `lots`: one whose job asks for cost basis; `forms`: one with cost basis whose job chose
 * tax forms; `runFolder`: a workspace run, which keeps files beside the delivered ones; `reviews`: a workspace run,
 * which hands over its book's review states and notes).
 */
export interface OutputNeeds {
  values?: true;
  openingBalances?: true;
  lots?: true;
  forms?: true;
  runFolder?: true;
  reviews?: true;
}

export type OutputNeed = keyof OutputNeeds;

/** What of the job an output reads: plain data, so a part's thread can be handed it. */
export type OutputJob = Pick<Job, 'rules' | 'apiLabels' | 'period' | 'timezone' | 'costBasis'> &
  Partial<Pick<Job, 'xlsx' | 'accounts'>> & {
    /** The job's templates of a tax form's layout, which the `taxForms` output renders from the cost-basis replay. */
    forms?: readonly Template[];
    /** The job's templates an output renders instead of the templates' pass (the journals with lots). */
    journals?: readonly Template[];
  };

/** Fed the valued ledger once, in ledger order (or one part of it, on any thread). */
export interface OutputConsumer<State> {
  add(entry: LedgerEntry): void;
  /**
   * The ledger before the period, in ledger order before the period's first entry, when the pass reads it (an export
   * with cost basis: the replay starts at each wallet's first entry). It reaches no template and no other output.
   */
  history?(entry: LedgerEntry): void;
  /** What it gathered: plain data (a structured clone crosses threads), merged with the other parts' by `merge`. */
  state(): State;
}

/** A CSV file of the out dir, written in the order given, published with the run's other files and listed in the manifest. */
export interface OutputCsv {
  /** The file's name in the out dir, as the output's result records it. */
  readonly name: string;
  write(record: string[]): Promise<void>;
  /**
   * Queues a record without a promise, for a producer that makes many between its pauses (the replay's rows): it
   * awaits `flush` once `full` says a chunk is ready.
   */
  add(record: string[]): void;
  /** As `add`, a record `csvLine` made already (its cells neutralised and quoted, without its line break). */
  addLine(line: string): void;
  readonly full: boolean;
  flush(): Promise<void>;
}

/** Where an output's files go; the application layer writes them. */
export interface OutputFiles {
  /**
   * A delivered CSV, `name` in the out dir (the result records that name); with `xlsx`, its spreadsheet twin beside it
   * (`.xlsx` for `.csv`), those the cells' kinds.
   */
  csv(name: string, header: readonly string[], options?: { xlsx?: readonly CellKind[]; lineEnding?: 'lf' | 'crlf' }): OutputCsv;
  /** A delivered text file (a journal), `name` in the out dir, published with the others. */
  text(name: string, text: string): Promise<void>;
  /** A file kept in the run's folder for the workspace (not delivered, not in the manifest). */
  kept(name: string, text: string): Promise<void>;
  /**
   * Its section of `tieout.csv`: rows in the sheet's columns (`TIEOUT_HEADER`; the template column naming the output,
   * `line` saying what is tied), written by the `tieout` output after the templates' and earlier outputs' sections.
   */
  tieout(records: TieoutSection['records']): void;
}

/** What a finishing output may read besides its merged state. */
export interface OutputFinish {
  job: OutputJob;
  /** A valued export's rows without a value (an output that needs `values` gets it). */
  missing: readonly MissingPrice[] | null;
  /**
   * A valued export's prices once settled (the rows' own are only after the first render): the period's rows and,
   * when the run offers `lots`, the history's too (see `PricedHistory`). `null` without values.
   */
  prices: RowPrices | null;
  /** The ledger before the period, when the run offers `lots` (cost basis replays from each wallet's first entry); else empty. */
  history: PricedHistory;
  /** The user's opening lots (`--opening-lots`), when the run offers `lots`. */
  openingLots: readonly OpeningLot[];
  /** The book's entries with a review state or notes, when the run offers `reviews` (the workspace's); else empty. */
  reviews: readonly EntryReviewRecord[];
  files: OutputFiles;
  /** The export's templates as rendering tallied them, for the tie-out (absent or empty: no template). */
  templates?: readonly TemplateTie[];
  /** The sections the outputs finished before this one give the tie-out (`OutputFiles.tieout`), in registry order. */
  tieout?: readonly TieoutSection[];
  /** What the outputs finished before this one shared in memory (`share`). */
  products: Readonly<OutputProducts>;
  /** The listeners of the outputs after this one (`Output.listen`), to be fed what this one makes as it makes it. */
  listeners: { [Product in keyof OutputListeners]-?: readonly NonNullable<OutputListeners[Product]>[] };
  /** Hands `value` to the outputs after this one, which read it in `products` (so a later output does not redo the work). */
  share<Name extends keyof OutputProducts>(name: Name, value: NonNullable<OutputProducts[Name]>): void;
}

/**
 * The ledger before the period and whether `prices` had its final answers while it was read. A warm run's history is
 * priced from the cache as it is read, so its one read both asks and replays: a key the cache lacked ends that read
 * early and makes `settled` prepare the history's questions (a read of their own) and answer false, and whoever read
 * it reads it again.
 */
export interface PricedHistory {
  entries(): Iterable<LedgerEntry>;
  /**
   * Whether `prices` already lacked a key for the history: a replay of the history's legs gathered in the pass (not
   * read through `entries()`) ends early on it, since it will run again after `settled`.
   */
  missed(): boolean;
  /** After a read of `entries()` to its end: true when the prices it read were final; otherwise they are now. */
  settled(): Promise<boolean>;
}

/** What an output hands the outputs after it in memory, under its name: not files, not results, and never across threads. */
export interface OutputProducts {
  /**
   * The cost-basis replay (money exact) but its period's rows, which its readers heard as they were made (`listen`):
   * the open lots, allocations and ties, and the period's totals as the rows passed. The tax forms, the journals with
   * lots and the year report read it.
   */
  gains?: BasisOutcome & { totals: BasisTotals };
}

/**
 * What an output hears of a product while an earlier output makes it (`Output.listen`), so the product's rows are
 * never held for it: each listener is fed every row once, in the product's order.
 */
export interface OutputListeners {
  /** The cost-basis replay's gain rows (`gains.csv`'s), in disposal order. */
  gains?: GainListener;
  /** Its income rows, removals and issues, in their files' order. */
  income?: (row: IncomeRow) => void;
  removals?: (row: RemovalRow) => void;
  issues?: (issue: BasisIssue) => void;
}

/** One entry's review as the workspace keeps it: a state other than `unreviewed`, or notes (`author: text`, oldest first). */
export interface EntryReviewRecord {
  entryId: string;
  status: string;
  reviewer: string;
  reviewedAt: string;
  notes: readonly string[];
}

/** Rows an output adds to `tieout.csv` after the templates', in the sheet's columns (`TIEOUT_HEADER`). */
export interface TieoutSection {
  output: string;
  records: readonly (readonly string[])[];
}

/** The manifest's parts an output fills besides its typed result under `outputs.<name>`. */
export interface ManifestPart {
  counts?: Readonly<Record<string, number>>;
  sections?: Readonly<Record<string, unknown>>;
}

/**
 * An output's consumer as a part's thread finds it: `module` is the `import.meta.url` of the module exporting this
 * object, which the thread imports to make the consumer. An output declares it in a module of its own when its result
 * schema would make every part's thread load TypeBox (≈ 0.2 s of CPU before the part's first row); a consumer module
 * imports no TypeBox (`npm run deps`).
 */
export interface OutputConsumerSource<Name extends string, State> {
  name: Name;
  module: string;
  /** `history`: the pass feeds the consumer the ledger before the period too (`OutputConsumer.history`). */
  consumer(job: OutputJob, history: boolean): OutputConsumer<State>;
}

/**
 * One output of an export: its name, what it needs, a consumer fed the ledger in the export's one pass (in parts on
 * threads, merged), and what it returns — its files, through `OutputFiles`, and a result whose JSON schema it
 * declares. Its consumer is found by `module` (`OutputConsumerSource`): its own `import.meta.url`, or its consumer's module.
 */
export interface Output<
  Name extends string,
  State,
  Schema extends TSchema,
  Heard extends OutputListeners = OutputListeners,
> extends OutputConsumerSource<Name, State> {
  needs: OutputNeeds;
  result: Schema;
  merge(states: readonly State[]): State;
  /**
   * Before any output finishes: its listeners of what the outputs before it make, with whatever they gather as they
   * hear it; `finish` gets the same object back as `heard` (`{}` for an output that does not listen).
   */
  listen?(job: OutputJob): Heard;
  finish(state: State, finish: OutputFinish, heard: Heard): Promise<Static<Schema>>;
  /** The manifest's older keys (`rows.screening`, `rules`) this output fills, so the manifest stays as it was. */
  manifest?(result: Static<Schema>): ManifestPart;
}

// The registry holds outputs of every state and result; each is checked against its own types where declared.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyOutput = Output<string, any, TSchema, any>;
