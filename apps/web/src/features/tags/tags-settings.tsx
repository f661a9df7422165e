// Placeholder until the students feature lands (issue 3).
import { Result } from 'antd';

export default function TagsSettings() {
  return <Result status="info" title="Tato část se právě připravuje" subTitle="Na této části aplikace právě pracujeme." />;
}
