import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { TestApiProvider } from '@backstage/test-utils';
import { signalApiRef, type SignalApi } from '@backstage/plugin-signals-react';
import type { JsonObject } from '@backstage/types';
import { capeLabelsApiRef } from '../api';
import {
  makeRun,
  makeTower,
  mockCapeLabelsApi,
  type MockCapeLabelsApi,
} from '../__testUtils__/fixtures';
import { useTowers } from './useTowers';

/** A signals API whose subscribers the test calls itself. */
function fakeSignals() {
  const listeners = new Map<string, (message: JsonObject) => void>();
  const api: SignalApi = {
    subscribe: (channel, onMessage) => {
      listeners.set(channel, onMessage as (message: JsonObject) => void);
      return { unsubscribe: () => listeners.delete(channel) };
    },
  };
  const emit = (channel: string, message: JsonObject) => {
    const listener = listeners.get(channel);
    if (!listener) throw new Error(`nobody listens on ${channel}`);
    act(() => listener(message));
  };
  return { api, listeners, emit };
}

let visibility: DocumentVisibilityState = 'visible';
function setVisibility(state: DocumentVisibilityState) {
  visibility = state;
  act(() => {
    document.dispatchEvent(new Event('visibilitychange'));
  });
}

function renderTowers(
  api: MockCapeLabelsApi,
  signals?: SignalApi,
  pollIntervalMs = 1000,
) {
  const wrapper = ({ children }: { children: ReactNode }) =>
    signals ? (
      <TestApiProvider
        apis={[
          [capeLabelsApiRef, api],
          [signalApiRef, signals],
        ]}
      >
        {children}
      </TestApiProvider>
    ) : (
      <TestApiProvider apis={[[capeLabelsApiRef, api]]}>
        {children}
      </TestApiProvider>
    );
  return renderHook(() => useTowers(pollIntervalMs), { wrapper });
}

const runningTower = () =>
  makeTower({
    running: true,
    lastRun: makeRun({ status: 'running', finishedAt: null, durationMs: null }),
  });

const nudge = { type: 'refresh' };
const CHANNEL = 'cape-labels:refresh';

describe('useTowers: live progress', () => {
  beforeAll(() => {
    Object.defineProperty(document, 'visibilityState', {
      configurable: true,
      get: () => visibility,
    });
  });
  beforeEach(() => {
    visibility = 'visible';
  });
  afterEach(() => jest.useRealTimers());

  it('reloads the Towers shortly after a refresh nudge, once for a burst of them', async () => {
    jest.useFakeTimers();
    const api = mockCapeLabelsApi([makeTower()]);
    const signals = fakeSignals();
    const { result } = renderTowers(api, signals.api);
    await waitFor(() => expect(result.current.towers).toBeDefined());
    expect(result.current.live).toBe(true);
    expect([...signals.listeners.keys()]).toEqual([CHANNEL]);
    expect(api.listTowers).toHaveBeenCalledTimes(1);

    api.listTowers.mockResolvedValue([runningTower()]);
    for (let i = 0; i < 40; i++) signals.emit(CHANNEL, nudge);
    expect(api.listTowers).toHaveBeenCalledTimes(1);
    await act(async () => {
      jest.advanceTimersByTime(1000);
    });

    await waitFor(() => expect(result.current.polling).toBe(true));
    expect(api.listTowers).toHaveBeenCalledTimes(2);
  });

  it('without the signals API subscribes to nothing and keeps polling at the given interval', async () => {
    jest.useFakeTimers();
    const api = mockCapeLabelsApi([runningTower()]);
    const { result } = renderTowers(api);
    await waitFor(() => expect(result.current.polling).toBe(true));
    expect(result.current.live).toBe(false);

    await act(async () => {
      jest.advanceTimersByTime(1000);
    });
    expect(api.listTowers).toHaveBeenCalledTimes(2);
  });

  it('with signals polls only as a slow safety net', async () => {
    jest.useFakeTimers();
    const api = mockCapeLabelsApi([runningTower()]);
    const { result } = renderTowers(api, fakeSignals().api);
    await waitFor(() => expect(result.current.polling).toBe(true));

    await act(async () => {
      jest.advanceTimersByTime(1000);
    });
    expect(api.listTowers).toHaveBeenCalledTimes(1);
    await act(async () => {
      jest.advanceTimersByTime(4000);
    });
    expect(api.listTowers).toHaveBeenCalledTimes(2);
  });

  it('stops polling while the tab is hidden and reloads as soon as it shows again', async () => {
    jest.useFakeTimers();
    const api = mockCapeLabelsApi([runningTower()]);
    const { result } = renderTowers(api);
    await waitFor(() => expect(result.current.polling).toBe(true));

    setVisibility('hidden');
    await act(async () => {
      jest.advanceTimersByTime(60_000);
    });
    expect(api.listTowers).toHaveBeenCalledTimes(1);

    setVisibility('visible');
    await waitFor(() => expect(api.listTowers).toHaveBeenCalledTimes(2));
    await act(async () => {
      jest.advanceTimersByTime(1000);
    });
    expect(api.listTowers).toHaveBeenCalledTimes(3);
  });

  it('holds signals back while hidden and catches up once when shown', async () => {
    jest.useFakeTimers();
    const api = mockCapeLabelsApi([makeTower()]);
    const signals = fakeSignals();
    const { result } = renderTowers(api, signals.api);
    await waitFor(() => expect(result.current.towers).toBeDefined());

    setVisibility('hidden');
    signals.emit(CHANNEL, nudge);
    signals.emit(CHANNEL, nudge);
    await act(async () => {
      jest.advanceTimersByTime(1000);
    });
    expect(api.listTowers).toHaveBeenCalledTimes(1);

    setVisibility('visible');
    await waitFor(() => expect(api.listTowers).toHaveBeenCalledTimes(2));
  });
});
