/**
 * Function words of English and German that say nothing about what a document is: dropped before counting. Written
 * as people write them; tokenize.ts folds them (ä → ae, ß → ss) like every token, so "für" and "fuer" both go.
 */

const ENGLISH = `a about above after again against all almost also although always am among an and another any anyone
anything are around as at be became because become been before being below between both but by can cannot could
did do does doing done down during each either else enough etc even ever every few for from further get gets got
had has have having he her here hers herself him himself his how however i if in into is it its itself just least
less let like made make many may me might more most much must my myself neither never no nor not now of off often
on once one only or other others otherwise our ours ourselves out over own per perhaps please rather same several
shall she should since so some such than that the their theirs them themselves then there therefore these they this
those though through thus to too under until up upon us very via was we well were what whatever when whenever where
whether which while who whom whose why will with within without would yet you your yours yourself yourselves`;

const GERMAN = `ab aber alle allem allen aller alles als also am an ander andere anderem anderen anderer anderes auch auf
aus bei beim bereits bin bis bist bitte da dabei dadurch dafür dagegen daher dahin damit danach dann daran darauf
daraus darf darin darum darunter das dass davon dazu dein deine deinem deinen deiner dem den denen denn der deren
des dessen deshalb die dies diese diesem diesen dieser dieses doch dort du durch ein eine einem einen einer eines
einige einigen einiger er es etwa etwas euch euer eure für gegen gewesen hab habe haben hat hatte hatten hier hin
hinter ich ihm ihn ihnen ihr ihre ihrem ihren ihrer ihres im immer in ins ist ja jede jedem jeden jeder jedes jedoch
jene jenem jenen jener jenes kann kein keine keinem keinen keiner können könnte man manche manchem manchen mancher
mehr mein meine meinem meinen meiner mich mir mit muss musste nach nachdem nein nicht nichts noch nun nur ob oder
ohne sehr sein seine seinem seinen seiner seit sich sie sind so solche solchem solchen solcher soll sollen sollte
sondern sowie über um und uns unser unsere unserem unseren unter viel vom von vor während war waren warst was weil
welche welchem welchen welcher welches wenn wer werde werden wie wieder will wir wird wirst wo wurde wurden zu zum
zur zwar zwischen`;

export const STOP_WORDS: readonly string[] = [...ENGLISH.split(/\s+/), ...GERMAN.split(/\s+/)].filter(Boolean);
