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
    title: 'Žáci',
    body: (
      <>
        <Paragraph>
          Nového žáka přidáte tlačítkem <Text strong>Nový žák</Text>. Vyplníte osobní údaje, adresu, skupiny řidičského oprávnění, druh a typ výcviku. Žáka
          najdete rychlým vyhledáváním v horní liště (zkratka <Text keyboard>Ctrl</Text>+<Text keyboard>B</Text>) podle jména, příjmení nebo evidenčního čísla.
        </Paragraph>
        <Paragraph>
          Karta žáka má záložky Údaje, Výuka, Výcvik, Platba a Evidence. Zahájením výcviku se žák přesune do stavu „Probíhající“, ukončením do stavu „Ukončen“,
          a pak ho můžete přihlásit ke zkouškám. Elektronický průkaz žadatele může žák otevřít bez přihlášení přes odkaz, který mu pošlete e-mailem.
        </Paragraph>
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
    id: 'oznameni',
    title: 'Oznámení',
    body: (
      <Paragraph>
        Důležité zprávy od provozovatele Volantu – například upozornění na neuhrazenou platbu za období – se vám zobrazí v okně po přihlášení. Okno zavřete
        tlačítkem „Potvrzuji přečtení“; stejná zpráva se vám pak už znovu neukáže. Změny, které udělají kolegové (nový žák, zapsaná jízda, platba), se vám v
        otevřené aplikaci projeví samy, bez obnovení stránky.
      </Paragraph>
    ),
  },
  {
    id: 'tarify',
    title: 'Tarify',
    body: (
      <Paragraph>
        Tarif Starter je zdarma a omezuje počet nových žáků za kalendářní měsíc; aktuální čerpání uvidíte v menu. Tarif Premium počet žáků neomezuje. Tarif
        Enterprise je pro sítě autoškol s individuálními podmínkami. O změnu tarifu požádejte přes <Link to="/contact">kontaktní formulář</Link>.
      </Paragraph>
    ),
  },
  {
    id: 'mobil',
    title: 'Volant v mobilu',
    body: (
      <Paragraph>
        Volant funguje i v prohlížeči telefonu. Dole najdete lištu s položkami Přehled, Kalendář, Vyhledat, Zkoušky a Více; pod položkou Více je zbytek menu
        včetně nastavení a odhlášení. Na předchozí stránku se vrátíte přejetím prstu.
      </Paragraph>
    ),
  },
  {
    id: 'pomoc',
    title: 'Potřebujete pomoc?',
    body: (
      <Paragraph>
        Napište nám přes <Link to="/contact">kontaktní formulář</Link>. Uveďte prosím, v jaké autoškole a na jaké stránce problém nastal; odpovíme na váš
        e-mail.
      </Paragraph>
    ),
  },
];

export default function DocPage() {
  return (
    <PublicLayout title="Návod k aplikaci Volant" wide>
      <Paragraph>
        Volant je aplikace pro autoškoly: evidence žáků, výuky a výcviku, plateb, zkoušek a hlášenek na jednom místě. Tento návod popisuje základní práci s
        aplikací.
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
