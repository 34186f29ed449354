import { useEffect, useState } from "preact/hooks";
import { parseRoute } from "./route";
import { onLanguageChange } from "./strings";
import { TvScreen } from "./screens/TvScreen";
import { PhoneScreen } from "./screens/PhoneScreen";
import { WatchScreen } from "./screens/WatchScreen";
import { ReplayScreen } from "./replay/ReplayScreen";
import { AdminScreen } from "./admin/AdminScreen";
import { TeacherScreen } from "./classroom/TeacherScreen";
import { ClassPhone } from "./classroom/ClassPhone";
import { ClassScreen } from "./classroom/ClassScreen";

/** Re-render the whole app after a language switch (every `S.key` is read at render time). */
function useLanguageRerender(): void {
  const [, setTick] = useState(0);
  useEffect(() => onLanguageChange(() => setTick((t) => t + 1)), []);
}

export function App() {
  useLanguageRerender();
  const route = parseRoute(location.pathname, location.search);
  switch (route.screen) {
    case "tv":
      return <TvScreen />;
    case "watch":
      return <WatchScreen code={route.code} />;
    case "join":
      return <PhoneScreen code={route.code} />;
    case "replay":
      return <ReplayScreen src={route.src} />;
    case "admin":
      return <AdminScreen />;
    case "teacher":
      return <TeacherScreen />;
    case "class":
      return <ClassPhone code={route.code} />;
    case "classScreen":
      return <ClassScreen code={route.code} />;
  }
}
