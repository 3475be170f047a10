import { runLink } from './messages';

describe('runLink', () => {
  it("points at the run on its Tower's page", () => {
    expect(runLink({ towerId: 'prod-a', id: 'run-1' })).toBe(
      '/cape-labels/towers/prod-a?run=run-1',
    );
  });

  it('keeps odd Tower and run ids inside their part of the link', () => {
    expect(runLink({ towerId: 'lab/a?b', id: 'r&1' })).toBe(
      '/cape-labels/towers/lab%2Fa%3Fb?run=r%261',
    );
  });
});
