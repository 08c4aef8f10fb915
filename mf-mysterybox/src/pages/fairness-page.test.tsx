import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, mountRemote } from '@arttoy/shared/testing';
import * as app from '../app';
import { box, boxPage, drawProof, fairness, SEED, SEED_HASH } from '../test/fixtures';
import { resetStores, signInAs } from '../test/signed-in';

jest.mock('@arttoy/shared/auth', () => ({ idToken: jest.fn(async () => 'test-token') }));

const catalogue = {
  'GET /api/box-models': { body: boxPage([box()]) },
  'GET /api/box-models/7': { body: box() },
};

beforeEach(resetStores);

// The first visit loads the page's lazy chunk (and compiles shared/fair): allow it a moment.
const verifyForm = () => screen.findByRole('form', { name: 'Verify a draw' }, { timeout: 5_000 });

describe('/mysterybox/test', () => {
  it('re-computes a draw typed in, in the browser', async () => {
    const api = fakeApi(catalogue);
    mountRemote({ name: 'mf_mysterybox', app, path: '/mysterybox/test' });
    const form = await verifyForm();
    // Pasted, as people do with seeds (typing 128 characters one by one is slow in jsdom).
    await userEvent.click(within(form).getByLabelText('Server seed (revealed)'));
    await userEvent.paste(SEED);
    await userEvent.click(within(form).getByLabelText('Server seed hash (optional)'));
    await userEvent.paste(SEED_HASH);
    await userEvent.type(within(form).getByLabelText('Client seed'), 'client');
    await userEvent.type(within(form).getByLabelText('Nonce'), '0');
    await waitFor(() =>
      expect(within(form).getByRole('option', { name: 'Night Market Box' })).toBeInTheDocument(),
    );
    await userEvent.selectOptions(within(form).getByLabelText('Box'), 'Night Market Box');
    const calls = api.calls.length;
    await userEvent.click(within(form).getByRole('button', { name: 'Verify' }));
    const result = await within(form).findByRole('status');
    expect(result).toHaveTextContent('✓ Lantern Cat (roll 282,372 of 1,000,000)');
    expect(result).toHaveTextContent('Yes: Seed matches the hash shown before purchase');
    expect(api.calls).toHaveLength(calls);
  });

  it('says beside each field what is wrong', async () => {
    fakeApi(catalogue);
    mountRemote({ name: 'mf_mysterybox', app, path: '/mysterybox/test' });
    const form = await verifyForm();
    await userEvent.type(within(form).getByLabelText('Server seed (revealed)'), 'abc');
    await userEvent.type(within(form).getByLabelText('Nonce'), '-1');
    await userEvent.click(within(form).getByRole('button', { name: 'Verify' }));
    expect(within(form).getByLabelText('Server seed (revealed)')).toHaveAccessibleDescription(
      /A server seed is 64 hex digits/,
    );
    expect(within(form).getByLabelText('Client seed')).toHaveAccessibleDescription(/Enter a client seed/);
    expect(within(form).getByLabelText('Nonce')).toHaveAccessibleDescription(/whole number from 0 up/);
    expect(within(form).getByLabelText('Box')).toHaveAccessibleDescription(
      'Choose the box the draw was made for.',
    );
    expect(within(form).queryByRole('status')).not.toBeInTheDocument();
    // Each problem goes as soon as its field is fixed, before the next Verify; the others stay.
    const nonce = within(form).getByLabelText('Nonce');
    await userEvent.clear(nonce);
    await userEvent.type(nonce, '7');
    expect(nonce).not.toHaveAttribute('aria-invalid');
    expect(nonce).not.toHaveAccessibleDescription(/whole number from 0 up/);
    await userEvent.type(within(form).getByLabelText('Client seed'), 'my-seed');
    expect(within(form).getByLabelText('Client seed')).not.toHaveAccessibleDescription(/Enter a client seed/);
    expect(within(form).getByLabelText('Server seed (revealed)')).toHaveAccessibleDescription(
      /A server seed is 64 hex digits/,
    );
  });

  it('prefills a past draw from ?draw= and confirms it', async () => {
    signInAs('u-1');
    const api = fakeApi({ ...catalogue, 'GET /api/draws/5': { body: drawProof() } });
    mountRemote({ name: 'mf_mysterybox', app, path: '/mysterybox/test?draw=5' });
    const form = await verifyForm();
    expect(within(form).getByLabelText('Server seed (revealed)')).toHaveValue(SEED);
    expect(within(form).getByLabelText('Nonce')).toHaveValue('0');
    await userEvent.click(within(form).getByRole('button', { name: 'Verify' }));
    const result = await within(form).findByRole('status');
    expect(result).toHaveTextContent('Yes: Roll matches the record');
    expect(result).toHaveTextContent('Yes: Figure matches the record');
    expect(api.callsTo('GET', '/api/draws/5')[0]?.headers.get('authorization')).toBe('Bearer test-token');
  });

  it('catches a record that does not match its seeds', async () => {
    signInAs('u-1');
    fakeApi({ ...catalogue, 'GET /api/draws/5': { body: drawProof({ rollPpm: 900_000 }) } });
    mountRemote({ name: 'mf_mysterybox', app, path: '/mysterybox/test?draw=5' });
    await userEvent.click(within(await verifyForm()).getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('No: Roll matches the record')).toBeInTheDocument();
  });

  it('offers to reveal a server seed still in use, then verifies', async () => {
    signInAs('u-1');
    const api = fakeApi({
      ...catalogue,
      'GET /api/draws/5': [{ body: drawProof({ serverSeed: null }) }, { body: drawProof() }],
      'POST /api/me/server-seed/rotate': {
        body: {
          revealed: { serverSeed: SEED, serverSeedHash: SEED_HASH, drawCount: 1 },
          current: fairness({ serverSeedHash: 'ab'.repeat(32), nextNonce: 0 }),
        },
      },
    });
    mountRemote({ name: 'mf_mysterybox', app, path: '/mysterybox/test?draw=5' });
    await userEvent.click(await screen.findByRole('button', { name: 'Reveal my server seed' }));
    expect(within(await verifyForm()).getByLabelText('Server seed (revealed)')).toHaveValue(SEED);
    expect(api.callsTo('POST', '/api/me/server-seed/rotate')).toHaveLength(1);
  });

  it("checks anyone's draw from its public proof by its public id, signed out too (the live room links pulls here)", async () => {
    const { id: _id, orderSn: _order, lockerItemId: _item, ...proof } = drawProof();
    const url = `/api/draws/${proof.publicId}/proof`;
    const api = fakeApi({ ...catalogue, [`GET ${url}`]: { body: proof } });
    mountRemote({ name: 'mf_mysterybox', app, path: `/mysterybox/test?draw=${proof.publicId}` });
    const form = await verifyForm();
    expect(within(form).getByLabelText('Server seed (revealed)')).toHaveValue(SEED);
    await userEvent.click(within(form).getByRole('button', { name: 'Verify' }));
    expect(await within(form).findByRole('status')).toHaveTextContent('Yes: Figure matches the record');
    expect(api.callsTo('GET', url)[0]?.headers.get('authorization')).toBeNull();
  });

  it('opens a draw by its own id to its signed-in owner only: signed out, it asks to sign in and never asks for a public proof', async () => {
    const api = fakeApi({ ...catalogue });
    mountRemote({ name: 'mf_mysterybox', app, path: '/mysterybox/test?draw=5' });
    expect(
      await screen.findByText('Sign in to check this draw: it is one of your own.', undefined, {
        timeout: 5_000,
      }),
    ).toBeInTheDocument();
    expect(api.callsTo('GET', '/api/draws/5/proof')).toHaveLength(0);
  });

  it("says that someone else's draw can be checked once its owner reveals the seed", async () => {
    signInAs('u-2');
    const { id: _id, orderSn: _order, lockerItemId: _item, ...proof } = drawProof({ serverSeed: null });
    const api = fakeApi({
      ...catalogue,
      [`GET /api/draws/${proof.publicId}`]: {
        status: 404,
        body: { error: { code: 'not_found', message: 'Draw not found.' } },
      },
      [`GET /api/draws/${proof.publicId}/proof`]: { body: proof },
    });
    mountRemote({ name: 'mf_mysterybox', app, path: `/mysterybox/test?draw=${proof.publicId}` });
    expect(
      await screen.findByText(/was made with a server seed that is still in use/, undefined, {
        timeout: 5_000,
      }),
    ).toHaveTextContent(SEED_HASH);
    expect(screen.queryByRole('button', { name: 'Reveal my server seed' })).not.toBeInTheDocument();
    expect(api.callsTo('GET', `/api/draws/${proof.publicId}`)).toHaveLength(1);
  });

  it('simulates draws in chunks and compares them with the odds in a chart and a table', async () => {
    fakeApi(catalogue);
    mountRemote({ name: 'mf_mysterybox', app, path: '/mysterybox/test' });
    const form = await screen.findByRole('form', { name: 'Simulate draws' });
    const count = within(form).getByLabelText('Number of draws (up to 100,000)');
    await userEvent.clear(count);
    await userEvent.type(count, '100001');
    await userEvent.click(within(form).getByRole('button', { name: 'Simulate' }));
    expect(count).toHaveAccessibleDescription('Enter a whole number of draws from 1 to 100,000.');
    await userEvent.clear(count);
    await userEvent.type(count, '5000');
    await userEvent.click(within(form).getByRole('button', { name: 'Simulate' }));
    expect(
      await within(form).findByText('5,000 of 5,000 draws', {}, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(
      within(form).getByRole('img', { name: /Observed share of each figure in 5,000 simulated draws/ }),
    ).toBeInTheDocument();
    const rows = within(within(form).getByRole('table')).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getByRole('rowheader').textContent)).toEqual([
      'Lantern Cat',
      'Noodle Fox',
      // A secret the API still hides is named as it is everywhere else.
      'Secret figure',
    ]);
    const drawn = rows.map((row) =>
      Number(within(row).getAllByRole('cell')[2]?.textContent?.replaceAll(',', '')),
    );
    expect(drawn.reduce((sum, value) => sum + value, 0)).toBe(5_000);
    expect(
      await within(form).findByText(/Consistent with the published odds|Further from the published odds/),
    ).toBeInTheDocument();
  });
});
