import type { LoggerService } from '@backstage/backend-plugin-api';

/** Notes kept on one run; beyond that they are counted. */
const MAX_NOTES = 20;

/** A run's remarks: each is logged, the first few are kept for the run's record. */
export class RunNotes {
  private readonly kept: string[] = [];
  private dropped = 0;

  constructor(
    private readonly logger: Pick<LoggerService, 'warn'>,
    private readonly prefix: string,
  ) {}

  readonly add = (text: string): void => {
    this.logger.warn(`${this.prefix}: ${text}`);
    this.keep(text);
  };

  /** Kept on the record only: for what another line of the log has said already. */
  readonly keep = (text: string): void => {
    if (this.kept.length < MAX_NOTES) this.kept.push(text);
    else this.dropped++;
  };

  /** What the run's record holds. */
  list(): string[] {
    return this.dropped
      ? [...this.kept, `${this.dropped} more note(s) in the log`]
      : [...this.kept];
  }
}
