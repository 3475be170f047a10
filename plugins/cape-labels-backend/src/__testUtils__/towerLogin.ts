/**
 * The Tower password of every test that logs in: it must never show up in logs, errors, API
 * answers or events. The quote and the `!` check that it travels escaped.
 */
export const TOWER_PASSWORD = 'Tower-Pa55word"never-logged!';
