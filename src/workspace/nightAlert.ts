import { randomUUID } from 'node:crypto';
import type { Alert } from '../alerts/Alert.js';
import type { AlertSettings } from '../alerts/AlertSettings.js';
import { raiseAlert } from '../runs/raiseAlert.js';
import type { NightSummary, WorkspaceData } from './WorkspaceData.js';

/** The night's one alert: its counts, then each book that needs a look (failed, deferred, a finding held for it). */
export function nightSummaryAlert(night: NightSummary, now: Date): Alert {
  const { books, reconciled, differences, failed, deferred } = night;
  return {
    id: randomUUID(),
    kind: 'night-summary',
    at: now.toISOString(),
    subject: `the night of ${night.night}`,
    summary: `${books} books: ${reconciled} reconciled, ${differences} with differences, ${failed} failed, ${deferred} deferred`,
    details: {
      night: night.night,
      books,
      reconciled,
      differences,
      failed,
      deferred,
      calls: night.calls,
      failedRuns: night.outcomes.filter((book) => book.status === 'failed').map(({ bookId, runId, error }) => ({ bookId, runId, error })),
      deferredRuns: night.outcomes
        .filter((book) => book.status === 'deferred')
        .map(({ bookId, runId, error, resumeAt }) => ({ bookId, runId, reason: error, resumeAt })),
      findings: night.findings,
    },
  };
}

/**
 * Sends the latest night's one alert once its scheduled runs are all done or deferred and its schedules have all
 * fired (`settleMs`, the jitter window, after its first run), and only when there is something to look at: a
 * failure, a deferral or a finding (a quiet night sends nothing, as a quiet run did). Claimed on the workspace data
 * first, so one process of the cluster sends it, once.
 */
export async function sendNightAlert(
  data: WorkspaceData,
  alerts: AlertSettings,
  now: Date,
  settleMs: number,
  log: (line: string) => void,
): Promise<boolean> {
  const night = await data.nights.latest();
  if (night === null || night.pending > 0 || now.getTime() - Date.parse(night.firstAt) < settleMs) return false;
  if (night.failed + night.deferred + night.findings.length === 0) return false;
  if (!(await data.nights.claimNightAlert(night.night, now.toISOString()))) return false;
  await raiseAlert({ alert: nightSummaryAlert(night, now) }, alerts, log);
  return true;
}
