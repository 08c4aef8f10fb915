import { apiSettings, SettingsError } from '../settings';
import { samplerFrom, serviceNameFrom, tracesUrlFrom, tracingFrom } from './tracing-settings';

describe('tracing settings', () => {
  it('leave tracing off unless an OTLP endpoint is set', () => {
    expect(tracingFrom({}, 'arttoy-api')).toBeNull();
    expect(tracingFrom({ OTEL_EXPORTER_OTLP_ENDPOINT: ' ' }, 'arttoy-api')).toBeNull();
  });

  it("append /v1/traces to a collector's base URL and take a traces URL as it is", () => {
    expect(tracesUrlFrom({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' })).toBe(
      'http://collector:4318/v1/traces',
    );
    expect(tracesUrlFrom({ OTEL_EXPORTER_OTLP_ENDPOINT: 'https://otel.example/base/' })).toBe(
      'https://otel.example/base/v1/traces',
    );
    expect(
      tracesUrlFrom({
        OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318',
        OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://traces:9999/otlp/spans',
      }),
    ).toBe('http://traces:9999/otlp/spans');
  });

  it("name the server's service unless OTEL_SERVICE_NAME does", () => {
    expect(tracingFrom({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://c:4318' }, 'arttoy-site')).toEqual({
      url: 'http://c:4318/v1/traces',
      serviceName: 'arttoy-site',
    });
    expect(serviceNameFrom({ OTEL_SERVICE_NAME: 'shop-api' }, 'arttoy-api')).toBe('shop-api');
  });

  it('take the standard sampler and its ratio, every page traced by default, and refuse others', () => {
    expect(samplerFrom({})).toEqual({ sampler: 'parentbased_always_on', ratio: 1 });
    expect(
      samplerFrom({ OTEL_TRACES_SAMPLER: 'parentbased_traceidratio', OTEL_TRACES_SAMPLER_ARG: '0.1' }),
    ).toEqual({ sampler: 'parentbased_traceidratio', ratio: 0.1 });
    expect(() => samplerFrom({ OTEL_TRACES_SAMPLER: 'sometimes' })).toThrow(
      /^OTEL_TRACES_SAMPLER must be one of always_on, .*; got "sometimes"\.$/,
    );
    for (const bad of ['1.5', '-0.1', 'half', '10%'])
      expect(() => samplerFrom({ OTEL_TRACES_SAMPLER_ARG: bad })).toThrow(
        `OTEL_TRACES_SAMPLER_ARG must be the share of traces kept, a number from 0 to 1 such as 0.1; got "${bad}".`,
      );
    expect(apiSettings({ OTEL_TRACES_SAMPLER_ARG: '0.25' }).OTEL_TRACES_SAMPLER_ARG).toBe(0.25);
    expect(() => apiSettings({ OTEL_TRACES_SAMPLER: 'never' })).toThrow(SettingsError);
  });

  it('are checked with the API settings: a bad one is named with its value and what it takes', () => {
    expect(apiSettings({}).OTEL_SERVICE_NAME).toBe('arttoy-api');
    const refusal = (() => {
      try {
        return apiSettings({ OTEL_EXPORTER_OTLP_ENDPOINT: 'collector:4318', OTEL_SERVICE_NAME: 'my api' });
      } catch (error) {
        return error;
      }
    })();
    expect(refusal).toBeInstanceOf(SettingsError);
    const problems = (refusal as SettingsError).problems;
    expect(problems).toEqual([
      'OTEL_EXPORTER_OTLP_ENDPOINT must be the http(s) URL of an OTLP/HTTP receiver (such as http://127.0.0.1:4318), or unset for no tracing; got "collector:4318".',
      'OTEL_SERVICE_NAME must be up to 128 letters, digits, "_", "-", ".", ":" or "/" (such as arttoy-api); got "my api".',
    ]);
  });
});
