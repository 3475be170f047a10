import type { ServerResponse } from 'node:http';
import type { FaultDecision } from '../faults';
import type { RequestLogEntry } from '../requestLog';
import type { SimulatorCore } from '../tower';
import { sendHtml, sendJson, sendMalformed, stallMidBody } from './respond';

/** The answer of a request that is still carried out never arrives: a hang or a reset. */
export function loseAnswer(
  core: SimulatorCore,
  res: ServerResponse,
  entry: RequestLogEntry,
  answer: 'hang' | 'reset',
): void {
  core.log.end(entry, `fault:lost-answer-${answer}`, 0, [], false);
  if (answer === 'reset') res.socket?.destroy();
}

/** Answers a faulted request; returns false when the request should go on normally. */
export function applyFault(
  core: SimulatorCore,
  res: ServerResponse,
  entry: RequestLogEntry,
  d: FaultDecision,
): boolean {
  const act = d.action;
  switch (act.kind) {
    case 'none':
      return false;
    case 'hang':
      if (act.mode === 'mid-body') stallMidBody(res);
      core.log.end(
        entry,
        `fault:hang-${act.mode}`,
        act.mode === 'mid-body' ? 200 : 0,
        [],
        false,
      );
      return true;
    case 'http-status':
      sendHtml(res, act.status, () =>
        core.log.end(entry, `fault:http-${act.status}`, act.status),
      );
      return true;
    case 'malformed':
      sendMalformed(res, () => core.log.end(entry, 'fault:malformed', 200));
      return true;
    case 'error': {
      const body = {
        data: null,
        errors: [
          {
            message: act.message,
            code: act.code,
            path: entry.rootFields.slice(0, 1),
          },
        ],
      };
      sendJson(res, 200, body, d.oversizedBytes, () =>
        core.log.end(entry, 'fault:error', 200, [act.code]),
      );
      return true;
    }
    default:
      return false;
  }
}
