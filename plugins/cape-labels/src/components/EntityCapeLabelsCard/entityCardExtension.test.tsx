import capeLabelsPlugin from '../../alpha';

describe('entity-card:cape-labels/tower', () => {
  it('is an extension of the new frontend system plugin', () => {
    expect(
      capeLabelsPlugin.getExtension('entity-card:cape-labels/tower'),
    ).toBeDefined();
  });
});
