import { Component, type ReactNode } from 'react';
import { render, screen } from '@testing-library/react';
import { lazyComponent } from './lazy-component';

function Greeting({ name }: { name: string }): ReactNode {
  return <p>Hello {name}</p>;
}

class Boundary extends Component<{ children: ReactNode }, { error: Error | null }> {
  override state = { error: null as Error | null };
  static getDerivedStateFromError(error: Error) {
    return { error };
  }
  override render() {
    return this.state.error ? <p role="alert">{this.state.error.message}</p> : this.props.children;
  }
}

/** A load that settles when the test says so. */
function deferredLoad() {
  let settle!: { resolve: (component: typeof Greeting) => void; reject: (error: Error) => void };
  const load = jest.fn(
    () => new Promise<typeof Greeting>((resolve, reject) => (settle = { resolve, reject })),
  );
  return { load, settle: () => settle };
}

describe('lazyComponent', () => {
  it('shows the fallback while the code loads, then the component with its props', async () => {
    const { load, settle } = deferredLoad();
    const LazyGreeting = lazyComponent(load, { fallback: <p>Loading…</p> });
    render(<LazyGreeting name="Ada" />);
    expect(screen.getByText('Loading…')).toBeInTheDocument();
    settle().resolve(Greeting);
    expect(await screen.findByText('Hello Ada')).toBeInTheDocument();
    expect(screen.queryByText('Loading…')).not.toBeInTheDocument();
  });

  it('renders a preloaded component in its first render, with no fallback, and loads its code once', async () => {
    const load = jest.fn(async () => Greeting);
    const LazyGreeting = lazyComponent(load, { fallback: <p>Loading…</p> });
    await Promise.all([LazyGreeting.preload(), LazyGreeting.preload()]);
    render(<LazyGreeting name="Grace" />);
    // Synchronously after render: React.lazy would show its fallback here.
    expect(screen.getByText('Hello Grace')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('sends a failed load to the error boundary, and loads afresh on the next render', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const { load, settle } = deferredLoad();
    const LazyGreeting = lazyComponent(load, { fallback: <p>Loading…</p> });
    const { unmount } = render(
      <Boundary>
        <LazyGreeting name="Ada" />
      </Boundary>,
    );
    settle().reject(new Error('Loading chunk 12 failed.'));
    expect(await screen.findByRole('alert')).toHaveTextContent('Loading chunk 12 failed.');
    unmount();

    render(<LazyGreeting name="Ada" />);
    expect(load).toHaveBeenCalledTimes(2);
    settle().resolve(Greeting);
    expect(await screen.findByText('Hello Ada')).toBeInTheDocument();
  });

  it('keeps the fallback when onLoadError handles the failure', async () => {
    const { load, settle } = deferredLoad();
    const onLoadError = jest.fn(() => true);
    const LazyGreeting = lazyComponent(load, { fallback: <p>Loading…</p>, onLoadError });
    render(
      <Boundary>
        <LazyGreeting name="Ada" />
      </Boundary>,
    );
    const failure = new Error('offline');
    settle().reject(failure);
    await screen.findByText('Loading…');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(onLoadError).toHaveBeenCalledWith(failure);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByText('Loading…')).toBeInTheDocument();
  });

  it('does not tell onLoadError of a failed preload', async () => {
    const onLoadError = jest.fn(() => true);
    const LazyGreeting = lazyComponent(() => Promise.reject(new Error('prefetch failed')), {
      fallback: null,
      onLoadError,
    });
    await expect(LazyGreeting.preload()).rejects.toThrow('prefetch failed');
    expect(onLoadError).not.toHaveBeenCalled();
  });
});
