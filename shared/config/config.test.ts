import { DEFAULT_RUNTIME_CONFIG, RUNTIME_CONFIG_ELEMENT_ID, type RuntimeConfig } from '../contracts';
import { resetRuntimeConfig, runtimeConfig } from './index';

const CONFIG: RuntimeConfig = {
  firebase: { apiKey: 'key', appId: '1:1:web:1' },
  contact: { phone: '+44 20 7946 0958', email: 'help@example.org' },
  buildPollIntervalMs: 30_000,
};

function writeElement(text: string): void {
  const element = document.createElement('script');
  element.type = 'application/json';
  element.id = RUNTIME_CONFIG_ELEMENT_ID;
  element.textContent = text;
  document.head.append(element);
}

let consoleError: jest.SpyInstance;
beforeEach(() => {
  resetRuntimeConfig();
  consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  document.getElementById(RUNTIME_CONFIG_ELEMENT_ID)?.remove();
  resetRuntimeConfig();
  consoleError.mockRestore();
});

describe('runtimeConfig', () => {
  it('reads the JSON element the site server writes', () => {
    writeElement(JSON.stringify(CONFIG));
    expect(runtimeConfig()).toEqual(CONFIG);
    expect(consoleError).not.toHaveBeenCalled();
  });

  it('uses the defaults, quietly, when the page has no element', () => {
    expect(runtimeConfig()).toEqual(DEFAULT_RUNTIME_CONFIG);
    expect(consoleError).not.toHaveBeenCalled();
  });

  it('uses the defaults when the element is empty', () => {
    writeElement('');
    expect(runtimeConfig()).toEqual(DEFAULT_RUNTIME_CONFIG);
  });

  it('falls back to the defaults and logs the error for broken JSON', () => {
    writeElement('{"contact": ');
    expect(runtimeConfig()).toEqual(DEFAULT_RUNTIME_CONFIG);
    expect(consoleError).toHaveBeenCalledTimes(1);
  });

  it('falls back to the defaults and logs which field is invalid', () => {
    writeElement(JSON.stringify({ ...CONFIG, buildPollIntervalMs: 500 }));
    expect(runtimeConfig()).toEqual(DEFAULT_RUNTIME_CONFIG);
    expect(consoleError).toHaveBeenCalledTimes(1);
    expect(consoleError.mock.calls[0]?.[0]).toEqual(expect.stringContaining(`#${RUNTIME_CONFIG_ELEMENT_ID}`));
    expect(consoleError.mock.calls[0]?.[0]).toEqual(expect.stringContaining('buildPollIntervalMs'));
  });

  it('reads the page once, until reset', () => {
    writeElement(JSON.stringify(CONFIG));
    expect(runtimeConfig()).toEqual(CONFIG);
    document.getElementById(RUNTIME_CONFIG_ELEMENT_ID)?.remove();
    writeElement(JSON.stringify({ ...CONFIG, contact: { phone: '0', email: 'other@example.org' } }));
    expect(runtimeConfig().contact.email).toBe('help@example.org');
    resetRuntimeConfig();
    expect(runtimeConfig().contact.email).toBe('other@example.org');
  });
});
