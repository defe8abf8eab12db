import { App, Modal, type ModalFuncProps, message as staticMessage } from 'antd';
import { useEffect } from 'react';

type AppApi = ReturnType<typeof App.useApp>;

/**
 * Toasts and dialogs for code outside React (the request client, the session sequence). They go
 * through the `App` context so they pick up the zh_CN locale and the theme; before the app has
 * mounted they fall back to antd's static functions.
 */
let appApi: Pick<AppApi, 'message' | 'modal'> | null = null;

/** Mount once inside antd's `<App>`. */
export function FeedbackBridge() {
  const api = App.useApp();
  useEffect(() => {
    appApi = api;
    return () => {
      if (appApi === api) appApi = null;
    };
  }, [api]);
  return null;
}

export const notify = {
  error(content: string, seconds?: number) {
    void (appApi?.message ?? staticMessage).error(content, seconds);
  },
  success(content: string, seconds?: number) {
    void (appApi?.message ?? staticMessage).success(content, seconds);
  },
  warning(content: string, seconds?: number) {
    void (appApi?.message ?? staticMessage).warning(content, seconds);
  },
};

export type DialogKind = 'error' | 'warning' | 'info' | 'confirm';

/** A modal dialog; `confirm` has OK and Cancel, the others a single OK button. */
export function showDialog(kind: DialogKind, props: ModalFuncProps): void {
  const modal = appApi?.modal ?? Modal;
  modal[kind](props);
}
