import { Button } from 'antd';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import {
  CHUNK_ERROR_TEXT,
  CHUNK_ERROR_TITLE,
  isChunkLoadError,
  RENDER_ERROR_TEXT,
  RENDER_ERROR_TITLE,
} from './chunk-error.ts';

interface State {
  error: unknown;
}

/**
 * Around a lazily loaded part of the app: when its file cannot be fetched, the user reads why in
 * Chinese and reloads (which also picks up a new release's index.html) instead of facing a blank page.
 */
export class ChunkErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error(error, info.componentStack);
  }

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    const isChunk = isChunkLoadError(error);
    return (
      <div role="alert" className="boot-loader">
        <strong style={{ fontSize: 16, color: 'rgba(0,0,0,0.88)' }}>
          {isChunk ? CHUNK_ERROR_TITLE : RENDER_ERROR_TITLE}
        </strong>
        <span>{isChunk ? CHUNK_ERROR_TEXT : RENDER_ERROR_TEXT}</span>
        <Button type="primary" onClick={() => window.location.reload()}>
          重新加载
        </Button>
      </div>
    );
  }
}
