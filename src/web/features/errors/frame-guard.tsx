import { Component, type ReactNode } from "react";

interface FrameGuardProps {
  fallback: ReactNode;
  children: ReactNode;
}

/** Renders `fallback` when its children throw: the error screen without a frame that is itself broken. */
export class FrameGuard extends Component<FrameGuardProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
