{
 "format": "gangsta-game",
 "version": 1,
 "options": {
  "players": 2,
  "seed": 7,
  "families": false,
  "resources": false,
  "expertResources": false,
  "minimumPassIncome": false,
  "catchUpCash": false,
  "privateHeistInfluence": false
 },
 "moves": [
  {
   "type": "pass",
   "seat": 0
  },
  {
   "type": "discardRow",
   "seat": 0,
   "card": "HI-16"
  },
  {
   "type": "recruit",
   "seat": 1,
   "card": "G28"
  },
  {
   "type": "recruit",
   "seat": 0,
   "card": "G07"
  },
  {
   "type": "heist",
   "seat": 1,
   "card": "HI-03"
  },
  {
   "type": "activate",
   "seat": 1,
   "member": "B1"
  },
  {
   "type": "abandonHeist",
   "seat": 1
  },
  {
   "type": "heist",
   "seat": 1,
   "card": "HI-03"
  },
  {
   "type": "activate",
   "seat": 1,
   "member": "G28"
  }
 ]
}
