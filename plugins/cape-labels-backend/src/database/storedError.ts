import type { RunError } from '@smartx-cape/plugin-cape-labels-common';
import { MAX_STORED_ERROR_BYTES, plainText } from '../lib/plainText';

/** The error_code column's width. */
const MAX_CODE_BYTES = 255;

/**
 * Error text may quote a Tower's answer: stored as one plain line, bounded, so a Tower cannot
 * make us store (and show) megabytes or forge lines.
 */
export function storedError(error: RunError | undefined) {
  if (!error)
    return { error_message: null, error_code: null, error_params: null };
  return {
    error_params: error.params ? JSON.stringify(error.params) : null,
    error_message: plainText(error.message, MAX_STORED_ERROR_BYTES),
    error_code:
      error.code === undefined ? null : plainText(error.code, MAX_CODE_BYTES),
  };
}
