import type { RootLoggerService } from '@backstage/backend-plugin-api';
import type { JsonObject } from '@backstage/types';

/**
 * A logger that keeps every line as `level message {meta}`, children's meta included, so tests
 * can assert what was logged and that no secret was. (mockServices' loggers print or record
 * calls per child; the secret checks need every child's lines in one list.)
 */
export function capturingLogger(
  lines: string[] = [],
  meta: JsonObject = {},
): RootLoggerService & { lines: string[] } {
  const write = (level: string) => (message: string, extra?: unknown) => {
    lines.push(
      `${level} ${message} ${JSON.stringify({ ...meta, ...(extra as object | undefined) })}`,
    );
  };
  return {
    lines,
    error: write('error'),
    warn: write('warn'),
    info: write('info'),
    debug: write('debug'),
    child: (childMeta: JsonObject) =>
      capturingLogger(lines, { ...meta, ...childMeta }),
  };
}
