// Hosts antd messages for the signed-in session. It lives in the root layout, so a message survives the guard's
// redirects (e.g. 'Byl jste odstraněn ze školy' followed by a move to the login flow).
import { message } from 'antd';
import { useEffect } from 'react';
import { setMessageApi } from '../../lib/antd-static.ts';
import { AntdConfig } from '../antd-config.tsx';

export default function MessageHost() {
  const [messageApi, holder] = message.useMessage();
  useEffect(() => setMessageApi(messageApi), [messageApi]);
  return <AntdConfig>{holder}</AntdConfig>;
}
