export { applyScenario, NAMED_SCENARIOS, resolveScenario } from './scenarios';
export type { ScenarioLabel, ScenarioSpec } from './scenarios';
export type { GeneratorSpec } from './generator';
