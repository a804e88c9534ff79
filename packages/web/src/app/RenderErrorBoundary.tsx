import { Component, type ReactNode } from 'react';

/**
 * Shows `fallback` instead of a blank page when a screen throws while rendering (the data
 * router's errorElement did this before) until the path changes, and logs the error.
 */
export class RenderErrorBoundary extends Component<
  {
    fallback: ReactNode;
    children: ReactNode;
    /** A new value (the path) clears the failure. */ resetKey: string;
  },
  { failed: boolean }
> {
  override state = { failed: false };

  override componentDidUpdate(previous: { resetKey: string }): void {
    if (this.state.failed && previous.resetKey !== this.props.resetKey) {
      this.setState({ failed: false });
    }
  }

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown): void {
    console.error('A screen failed to render', error);
  }

  override render(): ReactNode {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
