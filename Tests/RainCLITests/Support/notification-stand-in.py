#!/usr/bin/python3
"""A desktop's notification service, stood in for on a private session bus: it owns
org.freedesktop.Notifications, answers as the Desktop Notifications Specification 1.2 says
(Notify returns an ID; GetCapabilities, GetServerInformation, CloseNotification), and appends
each Notify call to RECORD as one JSON line. Touches READY once it owns the name.

Usage: notification-stand-in.py RECORD READY   (with DBUS_SESSION_BUS_ADDRESS set)
"""
import json
import sys

import dbus
import dbus.service
from dbus.mainloop.glib import DBusGMainLoop
from gi.repository import GLib

record, ready = sys.argv[1], sys.argv[2]
DBusGMainLoop(set_as_default=True)
bus = dbus.SessionBus()
INTERFACE = "org.freedesktop.Notifications"


class Notifications(dbus.service.Object):
    last_id = 0

    @dbus.service.method(INTERFACE, in_signature="susssasa{sv}i", out_signature="u")
    def Notify(self, app_name, replaces_id, app_icon, summary, body, actions, hints, expire_timeout):
        self.last_id += 1
        call = {
            "app_name": str(app_name), "app_icon": str(app_icon), "summary": str(summary), "body": str(body),
            "urgency": int(hints["urgency"]) if "urgency" in hints else None, "expire_timeout": int(expire_timeout),
        }
        with open(record, "a") as file:
            file.write(json.dumps(call) + "\n")
        return dbus.UInt32(self.last_id)

    @dbus.service.method(INTERFACE, out_signature="as")
    def GetCapabilities(self):
        return ["body", "body-markup"]

    @dbus.service.method(INTERFACE, out_signature="ssss")
    def GetServerInformation(self):
        return ("stand-in", "rain tests", "1.0", "1.2")

    @dbus.service.method(INTERFACE, in_signature="u")
    def CloseNotification(self, notification_id):
        pass


name = dbus.service.BusName(INTERFACE, bus, do_not_queue=True)
Notifications(bus, "/org/freedesktop/Notifications")
open(ready, "w").close()
GLib.MainLoop().run()
