// The boot screen: a car driving on a road and a cheerful message that changes every 222–1221 ms.
import { useEffect, useState } from 'react';
import { LOADING_MESSAGES, nextDelay, nextMessageIndex } from './loading-messages.ts';

export function DrivingCar() {
  return (
    <div className="driving-car" aria-hidden="true">
      <svg className="driving-car__car" viewBox="0 0 120 60" width="120" height="60">
        <path d="M10 38 L16 24 Q19 18 26 18 L70 18 Q77 18 82 24 L92 34 L106 37 Q112 38 112 44 L112 46 L8 46 L8 42 Q8 38 10 38 Z" fill="#1677ff" />
        <path d="M28 22 L48 22 L48 34 L20 34 Z M52 22 L70 22 Q74 22 78 27 L84 34 L52 34 Z" fill="#e6f4ff" />
        <rect x="100" y="39" width="8" height="4" rx="1" fill="#ffd666" />
        <g className="driving-car__wheel" style={{ transformOrigin: '30px 46px' }}>
          <circle cx="30" cy="46" r="9" fill="#1f1f1f" />
          <circle cx="30" cy="46" r="3.5" fill="#d9d9d9" />
          <rect x="29" y="38" width="2" height="16" fill="#8c8c8c" />
        </g>
        <g className="driving-car__wheel" style={{ transformOrigin: '88px 46px' }}>
          <circle cx="88" cy="46" r="9" fill="#1f1f1f" />
          <circle cx="88" cy="46" r="3.5" fill="#d9d9d9" />
          <rect x="87" y="38" width="2" height="16" fill="#8c8c8c" />
        </g>
      </svg>
      <div className="driving-car__road" />
    </div>
  );
}

export function LoadingScreen() {
  const [index, setIndex] = useState(() => Math.floor(Math.random() * LOADING_MESSAGES.length));
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout>;
    const schedule = () => {
      timer = setTimeout(() => {
        setIndex((i) => nextMessageIndex(i, LOADING_MESSAGES.length));
        schedule();
      }, nextDelay());
    };
    schedule();
    return () => clearTimeout(timer);
  }, []);
  return (
    <main className="loading-screen" aria-busy="true">
      <DrivingCar />
      <p className="loading-screen__message" role="status" aria-live="polite">
        {LOADING_MESSAGES[index]}
      </p>
    </main>
  );
}
