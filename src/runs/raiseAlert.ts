import { Type, type Static } from 'typebox';
import type { Alert } from '../alerts/Alert.js';
import type { AlertSettings } from '../alerts/AlertSettings.js';
import { deliverAlert } from '../alerts/deliverAlert.js';

/** The summary fields of a run that raised an alert (any kind's, a failed one's too), for the books list. */
export const AlertSummary = Type.Object({
  alert: Type.Optional(Type.String()),
  alertAt: Type.Optional(Type.String()),
  alertDelivered: Type.Optional(Type.String()),
});
export type AlertSummary = Static<typeof AlertSummary>;

/**
 * Delivers what `alertPolicy` decided on every configured channel, one line per channel through `note` (stderr on
 * the CLI, the run's log in the workspace; each redacts), and returns the summary fields the books list shows.
 * A finding that does not alert says so, when a channel is set.
 */
export async function raiseAlert(
  decision: { alert: Alert | null; note?: string | null },
  settings: AlertSettings,
  note: (line: string) => void,
): Promise<AlertSummary> {
  const { alert } = decision;
  if (alert === null) {
    if ((decision.note ?? null) !== null && (settings.webhook !== undefined || settings.email !== undefined)) note(decision.note ?? '');
    return {};
  }
  const outcomes = await deliverAlert(alert, settings);
  for (const outcome of outcomes)
    note(`alert ${alert.kind} by ${outcome.channel}: ${outcome.delivered ? outcome.detail : `NOT delivered, ${outcome.detail}`}`);
  const delivered =
    outcomes.length === 0 ? 'no channel set' : outcomes.every((outcome) => outcome.delivered) ? 'delivered' : 'not delivered';
  return { alert: alert.kind, alertAt: alert.at, alertDelivered: delivered };
}

/**
 * What `raiseAlert` records of a scheduled run's alert, without delivering it: the night's one alert (`nightAlert`)
 * names it with the night's other findings, so a firm's night is one message, not one per book.
 */
export function holdForNight(
  decision: { alert: Alert | null; note?: string | null },
  _settings: AlertSettings,
  note: (line: string) => void,
): Promise<AlertSummary> {
  const { alert } = decision;
  if (alert === null) return Promise.resolve({});
  note(`alert ${alert.kind}: held for the night's alert`);
  return Promise.resolve({ alert: alert.kind, alertAt: alert.at, alertDelivered: 'in the night alert' });
}
