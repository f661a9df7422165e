// antd's message bound to the app's ConfigProvider (Czech locale, theme), usable outside components
// (live reactions). `MessageHost` (app/shell/message-host.tsx) fills it in for a signed-in session.
import type { MessageInstance } from 'antd/es/message/interface';

let messageApi: MessageInstance | null = null;

export function setMessageApi(api: MessageInstance) {
  messageApi = api;
}

export const notify = {
  info: (text: string) => messageApi?.info(text),
  success: (text: string) => messageApi?.success(text),
  error: (text: string) => messageApi?.error(text),
};
