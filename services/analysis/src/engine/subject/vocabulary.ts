/**
 * The nouns the critique can read from a photo's title and description (English): animals by
 * group, plants, and landscape features. Each is stored singular; `pluralOf` gives the plural
 * (regular rules and the irregular ones below). Multi-word names ("polar bear") are matched before
 * their last word ("bear").
 */
export type SubjectKind = 'animal' | 'plant' | 'landscape';

/** What a COCO detector label a noun agrees with: its own name for the COCO animals, 'bird' for every bird. */
export type AnimalGroup = 'bird' | 'mammal' | 'reptile' | 'amphibian' | 'fish' | 'insect' | 'spider' | 'crustacean' | 'mollusc' | 'other';

const BIRDS =
  'bird,kingfisher,nuthatch,heron,egret,stork,crane,spoonbill,ibis,flamingo,pelican,cormorant,gannet,puffin,penguin,albatross,gull,seagull,tern,sandpiper,plover,curlew,avocet,oystercatcher,duck,mallard,teal,goose,swan,cygnet,grebe,loon,coot,moorhen,eagle,hawk,buzzard,kite,falcon,kestrel,harrier,osprey,vulture,condor,owl,owlet,woodpecker,toucan,aracari,hornbill,parrot,macaw,cockatoo,parakeet,budgie,hummingbird,swift,swallow,robin,blackbird,thrush,starling,sparrow,finch,goldfinch,bullfinch,chaffinch,siskin,canary,warbler,wren,tit,chickadee,bluetit,nightingale,lark,skylark,pipit,wagtail,dipper,kingbird,flycatcher,shrike,jay,magpie,crow,raven,rook,jackdaw,pigeon,dove,cuckoo,roadrunner,pheasant,partridge,quail,grouse,turkey,peacock,peafowl,ostrich,emu,kiwi,cassowary,rhea,bee-eater,hoopoe,oriole,tanager,cardinal,bunting,grosbeak,waxwing,treecreeper,kookaburra,lyrebird,sunbird,hen,chicken,rooster'.split(',');
const MAMMALS =
  'mammal,bear,polar bear,brown bear,grizzly,black bear,panda,giant panda,red panda,raccoon,badger,otter,sea otter,weasel,stoat,ermine,mink,marten,wolverine,skunk,fox,arctic fox,wolf,coyote,jackal,dingo,hyena,lion,lioness,tiger,leopard,snow leopard,jaguar,cheetah,puma,cougar,lynx,bobcat,wildcat,cat,kitten,dog,puppy,deer,stag,doe,fawn,reindeer,caribou,elk,moose,antelope,gazelle,impala,springbok,kudu,oryx,gnu,wildebeest,ibex,chamois,goat,sheep,lamb,ram,bighorn,mouflon,bison,buffalo,yak,cow,calf,bull,ox,horse,foal,pony,donkey,mule,zebra,giraffe,okapi,camel,llama,alpaca,vicuna,pig,boar,warthog,hippo,hippopotamus,rhino,rhinoceros,elephant,tapir,monkey,macaque,baboon,mandrill,gorilla,chimpanzee,chimp,orangutan,gibbon,lemur,marmoset,tamarin,capuchin,sloth,anteater,armadillo,pangolin,hedgehog,porcupine,mole,shrew,bat,flying fox,squirrel,red squirrel,chipmunk,marmot,prairie dog,beaver,mouse,rat,vole,hamster,dormouse,rabbit,hare,pika,kangaroo,wallaby,koala,wombat,possum,opossum,platypus,seal,sea lion,walrus,dolphin,porpoise,whale,orca,narwhal,beluga,manatee,dugong,meerkat,mongoose,aardvark,hyrax'.split(',');
const REPTILES = 'reptile,crocodile,alligator,caiman,gharial,lizard,gecko,iguana,chameleon,komodo dragon,skink,anole,snake,python,boa,viper,adder,cobra,rattlesnake,grass snake,tortoise,turtle,sea turtle,terrapin'.split(',');
const AMPHIBIANS = 'amphibian,frog,tree frog,toad,newt,salamander,axolotl'.split(',');
const FISH = 'fish,salmon,trout,carp,koi,pike,perch,shark,ray,manta,stingray,eel,seahorse,clownfish,angelfish,goldfish,tuna,cod,barracuda,pufferfish,cichlid,wrasse,mullet,smelt,bream,seabream,anthias,discus,grouper,snapper,mackerel,herring,sardine,anchovy,minnow,guppy,tetra,catfish,sturgeon,flounder,halibut,plaice,goby,blenny,damselfish,parrotfish,lionfish,butterflyfish,triggerfish,moray,grayling,char,roach,tench,zander'.split(',');
const INSECTS =
  'insect,butterfly,moth,caterpillar,bee,honeybee,bumblebee,wasp,hornet,ant,beetle,ladybird,ladybug,dragonfly,damselfly,grasshopper,cricket,locust,mantis,praying mantis,cicada,fly,hoverfly,mosquito,firefly,stick insect,aphid,weevil'.split(',');
const SPIDERS = 'spider,tarantula,scorpion,tick'.split(',');
const CRUSTACEANS = 'crab,lobster,shrimp,prawn,crayfish,barnacle'.split(',');
const MOLLUSCS = 'snail,slug,octopus,squid,cuttlefish,jellyfish,starfish,sea star,coral,anemone,urchin,sea urchin,clam,mussel,oyster'.split(',');

const PLANTS =
  'plant,flower,wildflower,blossom,bloom,bud,petal,rose,tulip,daisy,chamomile,sunflower,dandelion,dandelion clock,poppy,lily,water lily,lotus,orchid,iris,lavender,heather,bluebell,crocus,snowdrop,daffodil,buttercup,clover,thistle,foxglove,dahlia,marigold,peony,magnolia,hibiscus,camellia,cherry blossom,primrose,violet,pansy,geranium,anemone flower,cornflower,lupin,aster,cosmos,zinnia,carnation,jasmine,honeysuckle,hydrangea,rhododendron,azalea,gorse,tree,oak,beech,birch,pine,spruce,fir,larch,cedar,willow,maple,ash,elm,yew,palm,baobab,cactus,succulent,aloe,fern,moss,lichen,mushroom,toadstool,fungus,grass,reed,bamboo,leaf,foliage,seed,seed head,berry,acorn,pine cone,vine,ivy,seaweed,kelp,algae'.split(',');
const LANDSCAPES =
  'landscape,mountain,mountains,peak,summit,ridge,hill,valley,canyon,gorge,cliff,rock,boulder,cave,glacier,iceberg,volcano,desert,dune,sand dune,plain,prairie,meadow,field,pasture,steppe,savanna,tundra,moor,heath,marsh,swamp,wetland,bog,forest,woodland,wood,jungle,rainforest,grove,lake,pond,pool,river,stream,creek,brook,waterfall,cascade,rapids,estuary,delta,lagoon,bay,cove,coast,coastline,shore,beach,sea,ocean,wave,island,reef,fjord,sky,cloud,clouds,storm,rainbow,sunset,sunrise,dawn,dusk,twilight,fog,mist,snow,frost,ice,aurora,northern lights,milky way,stars,moon,horizon,skyline'.split(',');

export interface VocabularyEntry {
  noun: string;
  kind: SubjectKind;
  group: AnimalGroup | null;
}

const IRREGULAR: Readonly<Record<string, string>> = {
  mouse: 'mice',
  dormouse: 'dormice',
  goose: 'geese',
  ox: 'oxen',
  wolf: 'wolves',
  calf: 'calves',
  leaf: 'leaves',
  deer: 'deer',
  sheep: 'sheep',
  fish: 'fish',
  moose: 'moose',
  bison: 'bison',
  elk: 'elk',
  reindeer: 'reindeer',
  caribou: 'caribou',
  chamois: 'chamois',
  salmon: 'salmon',
  anthias: 'anthias',
  discus: 'discus',
  grayling: 'grayling',
  char: 'char',
  roach: 'roach',
  tench: 'tench',
  zander: 'zander',
  trout: 'trout',
  carp: 'carp',
  koi: 'koi',
  cod: 'cod',
  tuna: 'tuna',
  pike: 'pike',
  perch: 'perch',
  squid: 'squid',
  shrimp: 'shrimp',
  grouse: 'grouse',
  quail: 'quail',
  fungus: 'fungi',
  cactus: 'cacti',
  cygnet: 'cygnets',
  hippopotamus: 'hippopotamuses',
  rhinoceros: 'rhinoceroses',
  buffalo: 'buffaloes',
  mosquito: 'mosquitoes',
  volcano: 'volcanoes',
  fly: 'flies',
  dragonfly: 'dragonflies',
  damselfly: 'damselflies',
  hoverfly: 'hoverflies',
  firefly: 'fireflies',
  butterfly: 'butterflies',
  ladybird: 'ladybirds',
  lily: 'lilies',
  'water lily': 'water lilies',
  'flying fox': 'flying foxes',
  mountains: 'mountains',
  clouds: 'clouds',
  stars: 'stars',
  'northern lights': 'northern lights',
  'milky way': 'milky way',
  algae: 'algae',
  foliage: 'foliage',
  moss: 'mosses',
  grass: 'grasses',
  fog: 'fog',
  mist: 'mist',
  snow: 'snow',
  frost: 'frost',
  ice: 'ice',
  kelp: 'kelp',
  lichen: 'lichens',
  heather: 'heather',
  lavender: 'lavender',
  bamboo: 'bamboo',
  gorse: 'gorse',
  yew: 'yews',
};

/** The plural of a vocabulary noun (of its last word for a multi-word name). */
export function pluralOf(noun: string): string {
  const irregular = IRREGULAR[noun];
  if (irregular) return irregular;
  const space = noun.lastIndexOf(' ');
  if (space > 0) return `${noun.slice(0, space + 1)}${pluralOf(noun.slice(space + 1))}`;
  if (/(s|x|z|ch|sh)$/.test(noun)) return `${noun}es`;
  if (/[^aeiou]y$/.test(noun)) return `${noun.slice(0, -1)}ies`;
  return `${noun}s`;
}

function entries(nouns: readonly string[], kind: SubjectKind, group: AnimalGroup | null): VocabularyEntry[] {
  return nouns.map((noun) => ({ noun, kind, group }));
}

export const VOCABULARY: readonly VocabularyEntry[] = [
  ...entries(BIRDS, 'animal', 'bird'),
  ...entries(MAMMALS, 'animal', 'mammal'),
  ...entries(REPTILES, 'animal', 'reptile'),
  ...entries(AMPHIBIANS, 'animal', 'amphibian'),
  ...entries(FISH, 'animal', 'fish'),
  ...entries(INSECTS, 'animal', 'insect'),
  ...entries(SPIDERS, 'animal', 'spider'),
  ...entries(CRUSTACEANS, 'animal', 'crustacean'),
  ...entries(MOLLUSCS, 'animal', 'mollusc'),
  ...entries(PLANTS, 'plant', null),
  ...entries(LANDSCAPES, 'landscape', null),
];
