// dayjs in Czech for the app's date pickers (loaded with the app shell, not on public pages).
// Note: 'D. MMMM' prints the nominative ('21. listopad'); show dates as D.M.YYYY (shared/format).
import dayjs from 'dayjs';
import 'dayjs/locale/cs';

dayjs.locale('cs');
