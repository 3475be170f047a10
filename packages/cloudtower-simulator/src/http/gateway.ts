import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RequestLogEntry } from '../requestLog';
import type { SimulatorCore } from '../tower';
import { sendHtml } from './respond';

/** The header names of a request (lower case, never values), for the request log. */
export function headerNames(req: IncomingMessage): string[] {
  return Object.keys(req.headers).sort();
}

/** A log entry for a request answered before its body was understood (no operation, no token). */
export function beginUnparsed(
  core: SimulatorCore,
  req: IncomingMessage,
): RequestLogEntry {
  return core.log.begin({
    operationName: null,
    rootFields: [],
    startMs: Date.now(),
    tokenId: null,
    args: {},
    headerNames: headerNames(req),
  });
}

/**
 * A gateway in front of Tower that wants these headers (name case-insensitive, exact value):
 * a request lacking one gets 403 with the gateway's HTML page. Returns whether it refused.
 */
export function refusedByGateway(
  core: SimulatorCore,
  req: IncomingMessage,
  res: ServerResponse,
): boolean {
  const wanted = Object.entries(core.requiredHeaders);
  const ok = wanted.every(
    ([name, value]) => req.headers[name.toLowerCase()] === value,
  );
  if (ok) return false;
  const entry = beginUnparsed(core, req);
  sendHtml(res, 403, () => core.log.end(entry, 'gateway-refused', 403));
  return true;
}
