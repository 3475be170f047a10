import { BASE, auth, backendForDescribe } from './__testUtils__/testBackend';

describe('sweep request bodies', () => {
  const b = backendForDescribe();
  const postRaw = (body: string) =>
    b
      .http()
      .post(`${BASE}/towers/t1/sweep`)
      .set(auth.user())
      .set('Content-Type', 'application/json')
      .send(body);

  it('answers 400 InputError to malformed JSON, and runs nothing', async () => {
    const res = await postRaw('{"dryRun": tru');
    expect(res.status).toBe(400);
    expect(res.body.error.name).toBe('InputError');
    expect(res.body.error.message).toMatch(/^the body is not valid JSON: /);
    expect(await b.runs('t1')).toHaveLength(0);
  });

  it('answers 400 InputError to a body over 16kb', async () => {
    const res = await postRaw(
      `{"dryRun": true, "pad": "${'x'.repeat(17_000)}"}`,
    );
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({
      name: 'InputError',
      message: 'the body is too large',
    });
    expect(await b.runs('t1')).toHaveLength(0);
  });

  it('takes a request without a body as a real sweep', async () => {
    const res = await b.http().post(`${BASE}/towers/t1/sweep`).set(auth.user());
    expect(res.status).toBe(202);
    const [run] = await b.runs('t1');
    expect(run.dryRun).toBe(false);
  });
});
