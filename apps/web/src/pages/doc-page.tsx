// /doc: the user guide.
import { Typography } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PublicLayout } from '../components/public-layout.tsx';

const { Title, Paragraph, Text } = Typography;

interface Section {
  id: string;
  title: string;
  body: ReactNode;
}

const SECTIONS: Section[] = [
  {
    id: 'prihlaseni',
    title: 'Registrace a přihlášení',
    body: (
      <>
        <Paragraph>
          Účet si založíte na stránce <Link to="/register">Registrace</Link>. Vyplňte e-mail, jméno, příjmení a heslo; telefon je volitelný. Heslo musí mít
          alespoň 7 znaků a obsahovat speciální znak (například <Text code>!</Text>, <Text code>?</Text> nebo <Text code>#</Text>).
        </Paragraph>
        <Paragraph>
          Po registraci vám přijde e-mail s odkazem pro aktivaci účtu. Dokud na odkaz nekliknete, přihlášení skončí hláškou „Účet není aktivován“. Pokud e-mail
          nevidíte, podívejte se do složky s nevyžádanou poštou.
        </Paragraph>
        <Paragraph>
          Zapomenuté heslo obnovíte přes odkaz <Link to="/reset-password">Zapomenuté heslo?</Link> na přihlašovací stránce. Odkaz pro nastavení nového hesla
          platí jednu hodinu; po změně hesla vás Volant odhlásí na všech ostatních zařízeních.
        </Paragraph>
        <Paragraph>
          Přihlášení vydrží, dokud se neodhlásíte (menu pod vaším e-mailem vpravo nahoře, položka „Odhlásit se“). Na sdíleném počítači se proto po práci vždy
          odhlaste.
        </Paragraph>
      </>
    ),
  },
  {
    id: 'nastaveni-autoskoly',
    title: 'Nastavení autoškoly',
    body: (
      <>
        <Paragraph>
          Při prvním přihlášení vás Volant provede založením autoškoly. Vyplníte název autoškoly, její číslo (evidenční číslo z registrace autoškoly), přidělený
          úřad obce s rozšířenou působností a adresu učebny. U pražských úřadů můžete vyplnit i pražské číslo autoškoly.
        </Paragraph>
        <Paragraph>
          Vše později upravíte v menu <Text strong>Nastavení</Text>: Informace (název, číslo, úřad), Provozovatel (firma nebo živnostník, který autoškolu
          provozuje, včetně IČO), Adresa učebny a Kontakt. Tyto údaje se propisují do hlášenek a dalších dokumentů, proto je udržujte aktuální. Měnit je může
          jen administrátor autoškoly; ostatní je vidí jen pro čtení.
        </Paragraph>
      </>
    ),
  },
  {
    id: 'prepinani',
    title: 'Více autoškol a přepínání mezi nimi',
    body: (
      <>
        <Paragraph>
          Jeden účet může patřit do více autoškol – například když učíte ve dvou autoškolách nebo provozujete několik poboček. Pokud máte autoškol víc, zobrazí
          se v horní části menu přepínač <Text strong>Autoškola</Text> (na telefonu karta nad obsahem). Po kliknutí vyberte v okně „Vyberte autoškolu, kterou
          chcete spravovat“ tu, se kterou chcete pracovat.
        </Paragraph>
        <Paragraph>Data autoškol jsou přísně oddělená: v každé autoškole vidíte jen její žáky, učitele, vozidla a dokumenty.</Paragraph>
      </>
    ),
  },
  {
    id: 'ucitele',
    title: 'Pozvání učitelů a kolegů',
    body: (
      <>
        <Paragraph>
          V menu <Text strong>Nastavení → Učitelé</Text> pozvete kolegu zadáním jeho e-mailu a role: Administrátor (spravuje nastavení i tým), Učitel, Asistent
          nebo Zdravotník. Pozvaný dostane e-mail s odkazem. Pokud už ve Volantu účet má, uvidí pozvánku i přímo po přihlášení a přijme ji tlačítkem „Přijmout
          pozvánku“.
        </Paragraph>
        <Paragraph>
          Dokud pozvánku nikdo nepřijal, najdete ji v seznamu čekajících pozvánek a můžete ji zrušit. Člena týmu, který už v autoškole nepracuje, odeberete
          tlačítkem „Odebrat“; do dat autoškoly pak už nevidí, záznamy, které vytvořil, ale zůstanou.
        </Paragraph>
      </>
    ),
  },
  {
    id: 'zaci',
    title: 'Nový žák',
    body: (
      <>
        <ol>
          <li>
            Klikněte na <Text strong>Nový žák</Text> (v postranním menu, v mobilu pod položkou Více).
          </li>
          <li>
            Vyplňte osobní údaje (jméno, příjmení, datum a místo narození, státní občanství, doklad totožnosti; titul, telefon a e-mail jsou volitelné) a
            adresu. U cizince vyberte i tlumočníka.
          </li>
          <li>
            V části o výcviku zvolte skupiny řidičského oprávnění, druh výcviku (Základní, Rozšiřující, Sdružený, Doplňovací) a typ výuky. Evidenční číslo
            Volant navrhne jako další v řadě; můžete ho přepsat.
          </li>
          <li>
            Uložte. Žák je ve stavu „Nezahájen“. Na jeho kartě v záložce Údaje klikněte na <Text strong>Zahájit výcvik</Text>: žák přejde do stavu „Probíhající“
            a Volant ho zařadí do hlášenky.
          </li>
        </ol>
        <Paragraph>
          Žáka najdete rychlým vyhledáváním v horní liště (zkratka <Text keyboard>Ctrl</Text>+<Text keyboard>B</Text>) podle jména, příjmení nebo evidenčního
          čísla. Karta žáka má záložky Údaje, Výuka, Výcvik, Platba a Evidence; každý údaj upravíte přímo na místě. Po dokončení výcviku klikněte na{' '}
          <Text strong>Ukončit výcvik</Text> a žáka pak přihlásíte ke zkouškám. Volant přitom ověří zákonný rozsah výuky a výcviku; chybí-li něco, vypíše co, po
          předmětech, a výcvik lze ukončit jen <Text strong>předčasně</Text> s uvedením důvodu (přestup, ukončení žákem). Takovému žákovi nelze vystavit
          přihlášku ke zkoušce, jen potvrzení o částečném absolvování.
        </Paragraph>
      </>
    ),
  },
  {
    id: 'vyuka',
    title: 'Teoretická výuka',
    body: (
      <ol>
        <li>Na kartě žáka otevřete záložku Výuka. Lekce jsou rozdělené podle předmětů (TZBJ, PPV, OUV, ZP, OP, PV-UV, PV-ZP) s ukazatelem, kolik zbývá.</li>
        <li>
          U každé lekce vyplňte datum, učitele a případně téma. Učitele, který učí většinu lekcí, nastavíte jednou jako <Text strong>Výchozí učitel</Text>{' '}
          tlačítkem <Text strong>Nastavit učitele</Text>.
        </li>
        <li>
          Datum lekci naplánuje (<Text strong>Naplánováno</Text>). Jakmile lekce proběhla, zaškrtněte <Text strong>Přítomen</Text> (nejdříve v den lekce) a
          uložte: jen absolvované lekce se počítají do průběhu a propíší se do třídní knihy a potvrzení o částečném absolvování.
        </li>
      </ol>
    ),
  },
  {
    id: 'planovani',
    title: 'Plánování jízd v kalendáři',
    body: (
      <>
        <ol>
          <li>
            Otevřete <Text strong>Kalendář</Text>. Vidíte jízdy, lekce PV-ÚV a PV-ZP i blokace vozidel všech učitelů; barvy podle učitele nebo vozidla a filtry
            nahoře.
          </li>
          <li>
            Klikněte do volného místa (na počítači můžete táhnout myší přes čas) nebo na kartě žáka v záložce Výcvik na <Text strong>Naplánovat výcvik</Text>.
          </li>
          <li>
            Vyberte typ (Jízda, PV-ÚV, PV-ZP nebo Blokace vozidla), žáka, začátek a délku jízdy (45, 60, 90 nebo 120 minut), učitele a vozidlo. Konec jízdy se
            dopočítá sám.
          </li>
          <li>
            Pokud je učitel nebo vozidlo v tu dobu obsazené, formulář ukáže upozornění <Text strong>Kolize</Text> s příjmením žáka, který termín má, a nepustí
            vás dál, dokud čas nebo obsazení nezměníte.
          </li>
          <li>Uložte. Jízda je „Naplánováno“ a kolegům se v kalendáři objeví hned, bez obnovení stránky.</li>
        </ol>
        <Paragraph>
          Výchozí zobrazení kalendáře (den, týden, měsíc) si nastavíte v Uživatelském nastavení. V mobilu kalendář ukazuje seznam jízd po dnech.
        </Paragraph>
      </>
    ),
  },
  {
    id: 'evidence-jizdy',
    title: 'Zaevidování jízdy s podpisy',
    body: (
      <ol>
        <li>
          Po jízdě otevřete naplánovanou jízdu v kalendáři nebo v záložce Výcvik na kartě žáka; novou jízdu zapíšete tlačítkem{' '}
          <Text strong>Zaevidovat výcvik</Text>.
        </li>
        <li>Doplňte stav tachometru před jízdou a po jízdě (km); ujetá vzdálenost se spočítá sama.</li>
        <li>
          Žák se podepíše prstem v poli <Text strong>Podpis žáka</Text> (tlačítko Podepsat otevře plochu pro podpis, Znovu ji vymaže, Uložit podpis uloží),
          stejně tak učitel v poli <Text strong>Podpis učitele</Text>. Oba podpisy jsou pro zaevidování jízdy povinné.
        </li>
        <li>
          Uložte. Jízda je „Absolvována“ a počítá se do odjetých hodin. Zrušenou jízdu označte stavem „Zrušena žákem“ nebo „Zrušena autoškolou“; v přehledech je
          červeně.
        </li>
      </ol>
    ),
  },
  {
    id: 'platby',
    title: 'Platby, ceník a doklady',
    body: (
      <>
        <ol>
          <li>
            Ceny kurzů nastavte v <Text strong>Nastavení → Ceník</Text> (i další položky, například kondiční jízdu). Cena se žákovi zafixuje při zahájení
            výcviku.
          </li>
          <li>
            Na kartě žáka v záložce Platba klikněte na <Text strong>Zaevidovat platbu</Text>, vyplňte částku, datum a způsob platby a uložte. Přehled ukazuje
            cenu, zaplaceno a zbývá doplatit; další položky přidáte tlačítkem <Text strong>Přidat položku</Text>.
          </li>
          <li>
            Doklad (fakturu nebo příjmový doklad) vystavíte tlačítkem <Text strong>Vystavit doklad</Text>. Číslo přidělí Volant v řadě daného roku; chybný
            doklad se stornuje opravným dokladem.
          </li>
          <li>
            Všechny dlužníky najdete v menu <Text strong>Platby</Text> na záložce Nedoplatky (s exportem do CSV), vystavené doklady na záložce Doklady.
          </li>
        </ol>
      </>
    ),
  },
  {
    id: 'zkousky',
    title: 'Zkoušky',
    body: (
      <ol>
        <li>
          V menu <Text strong>Zkoušky</Text> vytvořte termín tlačítkem <Text strong>Nový termín</Text>: datum, místo a druhy zkoušky.
        </li>
        <li>
          Žáka ve stavu „Ukončen“ nebo „Ke zkouškám“ přihlásíte na kartě žáka v tabulce zkoušek zaškrtnutím políčka u skupiny a části zkoušky, nebo v detailu
          termínu. Přihlášku ke zkoušce podejte nejpozději 15 dní před termínem; Volant hlídá lhůty v seznamu na stránce Zkoušky.
        </li>
        <li>
          V den zkoušky nebo po ní otevřete termín a zapište výsledky (Prospěl, Neprospěl, Nekonalo se). U opravné zkoušky Volant počítá pokusy; po vyčerpání
          pokusů je potřeba nová výuka a výcvik.
        </li>
      </ol>
    ),
  },
  {
    id: 'dokumenty',
    title: 'Dokumenty a PDF',
    body: (
      <>
        <ol>
          <li>
            Na kartě žáka v záložce Evidence vytvoříte PDF evidence výcviku v řízení vozidla, třídní knihu a potvrzení o částečném absolvování. Volant ukáže
            „Připravuji PDF…“ a jakmile je soubor hotový, sám se stáhne.
          </li>
          <li>
            Hlášenku, přihlášku ke zkoušce i doklad můžete také <Text strong>Tisk</Text>nout rovnou z prohlížeče nebo uložit tlačítkem{' '}
            <Text strong>Stáhnout PDF</Text>.
          </li>
          <li>
            Všechna vytvořená PDF najdete v <Text strong>Nastavení → Historie PDF</Text>, odkud je stáhnete znovu.
          </li>
        </ol>
      </>
    ),
  },
  {
    id: 'hlasenky',
    title: 'Hlášenky',
    body: (
      <Paragraph>
        Hlášenka je oznámení o zahájení výuky a výcviku, které autoškola posílá přidělenému úřadu. Volant ji připraví automaticky při zahájení výcviku žáka;
        najdete ji v menu <Text strong>Hlášenky</Text>, kde ji zkontrolujete, doplníte a vytisknete nebo uložíte jako PDF. Odeslanou hlášenku už nelze měnit.
        Údaje o autoškole, provozovateli a učebně se do hlášenky berou z nastavení autoškoly.
      </Paragraph>
    ),
  },
  {
    id: 'prukazka',
    title: 'Elektronický průkaz žadatele',
    body: (
      <ol>
        <li>
          Na kartě žáka v záložce Evidence klikněte na <Text strong>Sdílet průkazku</Text>. Uvidíte odkaz a kód průkazu (skrytý za ikonou oka).
        </li>
        <li>
          Tlačítkem <Text strong>Odeslat průkazku e-mailem</Text> pošlete žákovi odkaz s kódem; když kód unikl, použijte{' '}
          <Text strong>Přegenerovat kód a odeslat průkazku e-mailem</Text> (starý kód přestane platit). Žák musí mít vyplněný e-mail.
        </li>
        <li>
          Žák průkaz otevře v telefonu bez přihlášení: vidí své jízdy a lekce PV-ÚV a PV-ZP a může se v něm podepsat tlačítkem{' '}
          <Text strong>Podepsat průkaz</Text>. Po několika chybných kódech z jednoho zařízení musí další pokus počkat několik sekund až minut; správný kód z
          jiného zařízení průkaz otevře vždy.
        </li>
        <li>
          Kód autoškoly pro všechny odkazy změníte v <Text strong>Nastavení → Průkazky</Text>; všechny dříve poslané odkazy tím přestanou fungovat.
        </li>
      </ol>
    ),
  },
  {
    id: 'prihlasky',
    title: 'Přihláškový formulář na vašem webu',
    body: (
      <ol>
        <li>
          Otevřete <Text strong>Přihláškový formulář</Text>, záložku Formuláře, a klikněte na <Text strong>Nový formulář</Text>. Zadejte název, barvy, kurzy s
          popisem a cenou a adresy webů, na kterých bude formulář vložen (například https://www.vase-autoskola.cz). Musí být alespoň jedna doména; jinde
          formulář vložit ani odeslat nepůjde.
        </li>
        <li>Zkopírujte jednořádkový kód pro vložení a dejte ho na svůj web (nebo pošlete zájemcům přímý odkaz na formulář).</li>
        <li>
          Uchazeč vyplní osobní údaje, vybere kurz a potvrdí souhlas se zpracováním osobních údajů. Přihláška se objeví na záložce Přihlášky a všem v autoškole
          přijde oznámení.
        </li>
        <li>
          Uchazeče <Text strong>Přijmout</Text>: doplníte evidenční číslo a údaje o výcviku a z uchazeče je žák ve stavu „Nezahájen“ (teprve tehdy se počítá do
          měsíčního limitu tarifu). Nebo <Text strong>Zamítnout</Text>, případně s e-mailem uchazeči.
        </li>
      </ol>
    ),
  },
  {
    id: 'oznameni',
    title: 'Oznámení',
    body: (
      <>
        <Paragraph>
          Zvonek v horní liště ukazuje počet nepřečtených oznámení: nová přihláška, žák přidaný do hlášenky, zapsaný výsledek zkoušky, hotové PDF nebo přijatá
          pozvánka. Kliknutím na oznámení se dostanete na příslušnou stránku; tlačítkem „Označit vše jako přečtené“ je odbavíte najednou.
        </Paragraph>
        <Paragraph>
          Důležité zprávy od provozovatele Volantu – například upozornění na neuhrazenou platbu za období – se zobrazí v okně po přihlášení. Okno zavřete
          tlačítkem „Potvrzuji přečtení“. Změny, které udělají kolegové, se vám v otevřené aplikaci projeví samy, bez obnovení stránky.
        </Paragraph>
      </>
    ),
  },
  {
    id: 'uzivatelske-nastaveni',
    title: 'Uživatelské nastavení',
    body: (
      <Paragraph>
        V Uživatelském nastavení změníte své jméno a telefon, heslo (po změně hesla se odhlásí všechna vaše ostatní zařízení), odhlásíte ostatní zařízení,
        vyberete, která oznámení chcete dostávat i e-mailem, a nastavíte stránku, na kterou se dostanete po přihlášení, a výchozí zobrazení kalendáře.
      </Paragraph>
    ),
  },
  {
    id: 'tarify',
    title: 'Tarify',
    body: (
      <Paragraph>
        Tarif Starter omezuje počet nových žáků za kalendářní měsíc; aktuální čerpání uvidíte v menu a na stránce <Text strong>Tarif</Text>. Tarif Premium počet
        žáků neomezuje. Tarif Enterprise je pro sítě autoškol s individuálními podmínkami. Administrátor autoškoly požádá o změnu na stránce Tarif tlačítkem
        „Požádat o změnu tarifu“; žádost čeká na vyřízení provozovatelem a o výsledku se dozvíte na stejném místě.
      </Paragraph>
    ),
  },
  {
    id: 'mobil',
    title: 'Volant v mobilu',
    body: (
      <Paragraph>
        Volant funguje i v prohlížeči telefonu a v mobilní aplikaci. Dole najdete lištu s položkami Přehled, Kalendář, Vyhledat, Zkoušky a Více; pod položkou
        Více je zbytek menu včetně nastavení a odhlášení. Na předchozí stránku se vrátíte přejetím prstu doleva; v mobilní aplikaci to telefon potvrdí jemným
        zavibrováním a PDF se uloží přímo do telefonu.
      </Paragraph>
    ),
  },
  {
    id: 'pomoc',
    title: 'Potřebujete pomoc?',
    body: (
      <Paragraph>
        V aplikaci otevřete stránku <Text strong>Podpora</Text> s kontakty a formulářem, nebo nám napište přes <Link to="/contact">kontaktní formulář</Link>.
        Uveďte prosím, v jaké autoškole a na jaké stránce problém nastal; odpovíme na váš e-mail.
      </Paragraph>
    ),
  },
];

export default function DocPage() {
  return (
    <PublicLayout title="Návod k aplikaci Volant" wide>
      <Paragraph>
        Volant je aplikace pro autoškoly: evidence žáků, výuky a výcviku, plateb, zkoušek a hlášenek na jednom místě. Tento návod krok za krokem popisuje hlavní
        práci s aplikací.
      </Paragraph>
      <nav aria-label="Obsah návodu">
        <ol>
          {SECTIONS.map((s) => (
            <li key={s.id}>
              <a href={`#${s.id}`}>{s.title}</a>
            </li>
          ))}
        </ol>
      </nav>
      {SECTIONS.map((s) => (
        <section key={s.id} id={s.id}>
          <Title level={3}>{s.title}</Title>
          {s.body}
        </section>
      ))}
    </PublicLayout>
  );
}
